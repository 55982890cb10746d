import ChineseText
import Testing

@Suite("Pinyin conversions")
struct PinyinTests {
    @Test(
        "Numbered pinyin becomes tone marks joined as a word",
        arguments: [
            ("yue4 liang5", "yuèliang"),
            ("lu:4", "lǜ"),
            ("nu:3", "nǚ"),
            ("lv4", "lǜ"),
            ("lve4", "lüè"),
            ("lu:e4", "lüè"),
            ("hua1 r5", "huār"),
            ("Xi1 an1", "Xī'ān"),
            ("Bei3 jing1", "Běijīng"),
            ("er4", "èr"),
            ("ma5", "ma"),
            ("xiong2", "xióng"),
            ("gui4", "guì"),
            ("liu2", "liú"),
            ("dou1", "dōu"),
            ("you3", "yǒu"),
            ("nu:3 er2", "nǚ'ér"),
            ("Tian1 an1 men2", "Tiān'ānmén"),
            ("Mi3 lan2 · Kun1 de2 la1", "Mǐlán·Kūndélā"),
        ])
    func numberedPinyinIsMarkedAsAWord(numbered: String, expected: String) {
        // Given CEDICT's numbered reading
        // When it is converted to tone marks
        let marked = Pinyin.marked(numbered: numbered)

        // Then syllables are joined, with an apostrophe before a vowel-initial syllable
        #expect(marked == expected)
    }

    @Test func neutralToneCarriesNoMark() {
        // Given syllables in the neutral tone, written with 5, 0 or no digit
        // When they are marked
        let marked = ["de5", "ma0", "ne"].map { Pinyin.marked(numbered: $0) }

        // Then no tone mark is added
        #expect(marked == ["de", "ma", "ne"])
    }

    @Test func spacedMarkingKeepsOneSyllablePerPiece() {
        // Given a two-syllable reading
        // When it is marked syllable by syllable
        let marked = Pinyin.markedSpaced(numbered: "yue4 liang5")

        // Then the syllables stay separated by a space
        #expect(marked == "yuè liang")
    }

    @Test func numberedSplittingKeepsNonSyllablesAsNil() {
        // Given a reading with a middle dot between names
        // When it is split into syllables
        let syllables = Pinyin.syllables(numbered: "Mi3 lan2 · Kun1")

        // Then the dot keeps its position as nil
        #expect(syllables.count == 4)
        #expect(syllables[2] == nil)
        #expect(syllables[0] == PinyinSyllable(letters: "Mi", tone: 3))
        #expect(syllables[3] == PinyinSyllable(letters: "Kun", tone: 1))
    }

    @Test(
        "A syllable written with a tone mark is read back into letters and tone",
        arguments: [
            ("yuè", "yue", 4),
            ("lǜ", "lv", 4),
            ("nǚ", "nv", 3),
            ("ma", "ma", 5),
            ("Běi", "Bei", 3),
            ("ā", "a", 1),
        ])
    func markedSyllableIsParsed(marked: String, letters: String, tone: Int) throws {
        // Given a syllable with a tone mark
        // When it is parsed
        let syllable = try #require(Pinyin.syllable(marked: marked))

        // Then letters and tone are recovered, ü as v
        #expect(syllable.letters == letters)
        #expect(syllable.tone == tone)
    }

    @Test func markedParsingOfEmptyTextIsNil() {
        #expect(Pinyin.syllable(marked: "") == nil)
    }
}
