import ChineseText
import Foundation
import Testing

@Suite("CEDICTLexicon")
struct CEDICTLexiconTests {
    @Test func simplifiedAndTraditionalHeadwordsFindTheSameEntry() throws {
        // Given the bundled lexicon
        let lexicon = try TestResources.resources().lexicon

        // When 银行 is looked up in both scripts
        let simplified = lexicon.entries(for: "银行")
        let traditional = lexicon.entries(for: "銀行")

        // Then both find the entry for "bank"
        let entry = try #require(simplified.first)
        #expect(entry.simplified == "银行")
        #expect(entry.traditional == "銀行")
        #expect(entry.pinyinNumbered == "yin2 hang2")
        #expect(entry.pinyin == "yínháng")
        #expect(traditional == simplified)
    }

    @Test func polyphoneReturnsEveryReadingBestFirst() throws {
        let lexicon = try TestResources.resources().lexicon

        // When a character with two readings is looked up
        let readings = lexicon.entries(for: "行").map(\.pinyinNumbered)

        // Then both entries are returned, the common reading xíng first
        #expect(readings.first == "xing2")
        #expect(readings.contains("hang2"))
    }

    @Test func measureWordsAreParsedOutOfTheSenses() throws {
        let lexicon = try TestResources.resources().lexicon

        // When 书 is looked up
        let entry = try #require(lexicon.entries(for: "书").first)

        // Then its measure words are structured and removed from the senses
        #expect(entry.measureWords.map(\.simplified).contains("本"))
        #expect(entry.measureWords.first { $0.simplified == "本" }?.pinyin == "běn")
        #expect(!entry.senses.contains { $0.hasPrefix("CL:") })
        #expect(entry.senses.contains("book"))
    }

    @Test func headwordMembershipCoversBothScripts() throws {
        let lexicon = try TestResources.resources().lexicon

        #expect(lexicon.contains("银行"))
        #expect(lexicon.contains("銀行"))
        #expect(!lexicon.contains("银qq"))
        #expect(!lexicon.contains(""))
        // A prefix of a headword is a trie path but not a headword.
        #expect(!lexicon.contains("中华人民共"))
    }

    @Test("Text with no entry finds nothing", arguments: ["", "qwerty", "研究生命起源", " ", "\n"])
    func unknownTextHasNoEntries(text: String) throws {
        let lexicon = try TestResources.resources().lexicon

        #expect(lexicon.entries(for: text).isEmpty)
    }

    @Test func frequentWordsHaveAFrequencyAndUnknownTextHasNone() throws {
        let lexicon = try TestResources.resources().lexicon

        #expect(lexicon.frequency(of: "的") > lexicon.frequency(of: "月亮"))
        #expect(lexicon.frequency(of: "月亮") > 0)
        #expect(lexicon.frequency(of: "qwerty") == 0)
    }

    @Test func lexiconReportsItsSize() throws {
        let lexicon = try TestResources.resources().lexicon

        #expect(lexicon.entryCount > 100_000)
    }

    // MARK: English

    @Test func englishSearchForMoonFindsTheMoonWords() throws {
        let lexicon = try TestResources.resources().lexicon

        // When "moon" is searched
        let results = lexicon.search(english: "moon", limit: 20).prefix(5).map(\.simplified)

        // Then 月亮 and 月 are among the first few results
        #expect(results.contains("月亮"))
        #expect(results.contains("月"))
    }

    @Test func englishSearchIsCaseAndSpaceInsensitive() throws {
        let lexicon = try TestResources.resources().lexicon

        let plain = lexicon.search(english: "moon", limit: 5)
        let shouted = lexicon.search(english: "  MOON ", limit: 5)

        #expect(plain == shouted)
    }

    @Test func englishSearchMatchesWholeWordsOnly() throws {
        let lexicon = try TestResources.resources().lexicon

        // When "moon" is searched, "honeymoon" must not count as a match
        let results = lexicon.search(english: "moon", limit: 50)

        #expect(!results.isEmpty)
        for entry in results {
            let matches = entry.senses.contains { sense in
                sense.lowercased().split(whereSeparator: { !$0.isLetter }).contains("moon")
            }
            #expect(matches, "\(entry.simplified) \(entry.senses)")
        }
    }

    @Test func englishSearchRespectsTheLimit() throws {
        let lexicon = try TestResources.resources().lexicon

        #expect(lexicon.search(english: "to be", limit: 3).count == 3)
        #expect(lexicon.search(english: "moon", limit: 0).isEmpty)
        #expect(lexicon.search(english: "", limit: 10).isEmpty)
        #expect(lexicon.search(english: "xyzzyplughfrob", limit: 10).isEmpty)
    }

    // MARK: Pinyin

    @Test("Pinyin search finds 月亮 first however the tones are typed", arguments: ["yueliang", "yue4liang", "yuèliàng"])
    func pinyinSearchFindsTheMoonFirst(text: String) throws {
        let lexicon = try TestResources.resources().lexicon
        let query = try #require(PinyinQuery(text))

        let results = lexicon.search(pinyin: query, limit: 10)

        #expect(results.first?.simplified == "月亮")
    }

    @Test func neutralToneAcceptsTheToneALearnerTypes() throws {
        // Given 月亮 yuèliang, whose second syllable is neutral
        let lexicon = try TestResources.resources().lexicon
        let query = try #require(PinyinQuery("yue4liang4"))

        // When the learner types the citation tone of 亮
        let results = lexicon.search(pinyin: query, limit: 10)

        // Then 月亮 is still found
        #expect(results.map(\.simplified).contains("月亮"))
    }

    @Test func typedTonesFilterOutOtherTones() throws {
        let lexicon = try TestResources.resources().lexicon
        let query = try #require(PinyinQuery("yue2liang"))

        let results = lexicon.search(pinyin: query, limit: 10)

        #expect(!results.map(\.simplified).contains("月亮"))
    }

    @Test(
        "Umlaut spellings find lǜ and nǚ syllables",
        arguments: [("lv4", "lv", 4), ("nü3", "nv", 3), ("lu:4", "lv", 4)])
    func umlautQueriesFindTheirSyllables(text: String, letters: String, tone: Int) throws {
        let lexicon = try TestResources.resources().lexicon
        let query = try #require(PinyinQuery(text))

        let results = lexicon.search(pinyin: query, limit: 20)

        #expect(!results.isEmpty)
        for entry in results {
            let syllables = entry.syllables.compactMap { $0 }
            #expect(syllables.map(\.toneless) == [letters], "\(entry.simplified) \(entry.pinyinNumbered)")
            #expect(syllables.first?.tone == tone, "\(entry.simplified) \(entry.pinyinNumbered)")
        }
    }

    @Test func typedToneIsCheckedAfterALatinLetterInTheReading() throws {
        // Given T恤, read "T xu4": a Latin letter, then a syllable
        let lexicon = try TestResources.resources().lexicon
        let right = try #require(PinyinQuery("txu4"))
        let wrong = try #require(PinyinQuery("txu1"))

        // When it is searched with the right and with a wrong tone
        let found = lexicon.search(pinyin: right, limit: 20).map(\.simplified)
        let notFound = lexicon.search(pinyin: wrong, limit: 20).map(\.simplified)

        // Then only the right tone finds it
        #expect(found.contains("T恤"))
        #expect(!notFound.contains("T恤"))
    }

    @Test func nuThreeFindsWoman() throws {
        let lexicon = try TestResources.resources().lexicon
        let query = try #require(PinyinQuery("nü3"))

        #expect(lexicon.search(pinyin: query, limit: 20).map(\.simplified).contains("女"))
    }

    @Test func pinyinSearchRespectsTheLimit() throws {
        let lexicon = try TestResources.resources().lexicon
        let query = try #require(PinyinQuery("shi"))

        #expect(lexicon.search(pinyin: query, limit: 5).count == 5)
    }
}
