import ChineseText
import Testing

@Suite("LearnerDictionary")
struct LearnerDictionaryTests {
    @Test func wordLookupCarriesEntriesLevelsAndExamples() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        // When 月亮 is looked up
        let lookup = try #require(dictionary.lookUp("月亮"))

        // Then the learner sees its entry, both HSK levels and a few examples
        #expect(lookup.headword == "月亮")
        #expect(!lookup.isCharacterFallback)
        #expect(lookup.entries.first?.pinyin == "yuèliang")
        #expect(lookup.hsk2Level == 3)
        #expect(lookup.hsk3Level == 2)
        #expect(lookup.frequency > 0)
        #expect((1...3).contains(lookup.examples.count))
        #expect(lookup.examples.allSatisfy { $0.simplified.contains("月亮") })
    }

    @Test("Examples are capped at three", arguments: ["的", "是", "我", "行"])
    func examplesAreCappedAtThree(word: String) throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        let lookup = try #require(dictionary.lookUp(word))

        #expect(lookup.examples.count <= 3)
    }

    @Test func traditionalHeadwordGetsTheSimplifiedWordsLevelsAndExamples() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        // When the traditional form is looked up
        let lookup = try #require(dictionary.lookUp("銀行"))

        // Then it is answered like its simplified form
        #expect(lookup.headword == "銀行")
        #expect(lookup.entries.first?.simplified == "银行")
        #expect(lookup.entries.first?.traditional == "銀行")
        #expect(lookup.hsk2Level != nil)
        #expect(lookup.hsk3Level != nil)
        #expect(lookup.hsk3Level == dictionary.lookUp("银行")?.hsk3Level)
        #expect(lookup.examples == dictionary.lookUp("银行")?.examples)
    }

    @Test func polyphoneLookupListsEveryReading() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        let lookup = try #require(dictionary.lookUp("行"))

        #expect(lookup.entries.map(\.pinyinNumbered).prefix(2) == ["xing2", "hang2"])
    }

    @Test func measureWordsReachTheLearner() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        let lookup = try #require(dictionary.lookUp("书"))

        #expect(lookup.entries.flatMap(\.measureWords).map(\.simplified).contains("本"))
    }

    @Test(
        "A character CEDICT lacks is answered from its readings",
        arguments: [("乁", ["yi2", "ji2"]), ("丯", ["jie4"]), ("㐀", ["qiu1"])])
    func characterWithoutEntryFallsBackToItsReadings(character: String, readings: [String]) throws {
        // Given a character listed in char-readings.tsv, which CEDICT has no headword for
        let resources = try TestResources.resources()
        #expect(!resources.lexicon.contains(character))
        let dictionary = LearnerDictionary(resources: resources)

        // When it is looked up
        let lookup = try #require(dictionary.lookUp(character))

        // Then one entry per reading is built, marked as a fallback
        #expect(lookup.isCharacterFallback)
        #expect(lookup.entries.map(\.pinyinNumbered) == readings)
        #expect(lookup.entries.allSatisfy { $0.senses.isEmpty && $0.simplified == character })
    }

    @Test(
        "Text with no entry returns nil",
        arguments: ["qwerty", "研究生命起源", "", " ", "\t\n", "　", "😀"])
    func unknownTextIsNotFound(text: String) throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        #expect(dictionary.lookUp(text) == nil)
    }

    @Test func surroundingWhitespaceIsIgnored() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        let lookup = try #require(dictionary.lookUp(" \t月亮\n"))

        #expect(lookup.headword == "月亮")
    }

    @Test func englishReverseLookupFindsTheMoonWords() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        let words = dictionary.search(english: "moon").prefix(5).map(\.simplified)

        #expect(words.contains("月亮"))
        #expect(words.contains("月"))
    }

    @Test("Pinyin search finds 月亮 first", arguments: ["yueliang", "yue4liang", "yuèliàng", "yue4 liang5"])
    func pinyinSearchFindsTheMoonFirst(text: String) throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        #expect(dictionary.search(pinyin: text).first?.simplified == "月亮")
    }

    @Test func pinyinSearchWithATypedNeutralToneStillFindsTheWord() throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        #expect(dictionary.search(pinyin: "yue4liang4").map(\.simplified).contains("月亮"))
    }

    @Test("Pinyin search without letters finds nothing", arguments: ["", "123", "月亮"])
    func pinyinSearchWithoutLettersIsEmpty(text: String) throws {
        let dictionary = try LearnerDictionary(resources: TestResources.resources())

        #expect(dictionary.search(pinyin: text).isEmpty)
    }

    @Test func characterThatIsNotAnHSKWordShowsItsCharacterLevel() throws {
        // Given 丈, graded as a character at HSK 3.0 level 4 but not listed as a word
        let dictionary = LearnerDictionary(resources: try TestResources.resources())

        let lookup = try #require(dictionary.lookUp("丈"))

        #expect(lookup.hsk3Level == nil)
        #expect(lookup.hsk3CharacterLevel == 4)
    }

    @Test func wordsHaveNoCharacterLevel() throws {
        let lookup = try #require(LearnerDictionary(resources: try TestResources.resources()).lookUp("银行"))

        #expect(lookup.hsk3CharacterLevel == nil)
    }
}
