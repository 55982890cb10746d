import ChineseText
import Foundation
import Testing

@Suite("PinyinSyllable")
struct PinyinSyllableTests {
    @Test(
        "Numbered syllables parse into letters and tone",
        arguments: [
            ("yue4", "yue", 4),
            ("lu:4", "lv", 4),
            ("lv4", "lv", 4),
            ("r5", "r", 5),
            ("de", "de", 5),
            ("ma0", "ma", 5),
            ("Bei3", "Bei", 3),
        ])
    func numberedSyllableParses(text: String, letters: String, tone: Int) throws {
        // Given a numbered syllable
        // When it is parsed
        let syllable = try #require(PinyinSyllable(numbered: text))

        // Then ü is spelled v and a missing or 0 tone is neutral
        #expect(syllable.letters == letters)
        #expect(syllable.tone == tone)
    }

    @Test("Text that is not a syllable does not parse", arguments: ["", "4", "ma6", "ma-4", "·", "ma 4"])
    func nonSyllableIsRejected(text: String) {
        #expect(PinyinSyllable(numbered: text) == nil)
    }

    @Test(
        "Tone marks follow the placement rules",
        arguments: [
            ("xiong", 2, "xióng"),
            ("gui", 4, "guì"),
            ("liu", 2, "liú"),
            ("dou", 1, "dōu"),
            ("hao", 3, "hǎo"),
            ("xue", 2, "xué"),
            ("lv", 4, "lǜ"),
            ("nv", 3, "nǚ"),
            ("er", 4, "èr"),
            ("Ou", 1, "Ōu"),
            ("ma", 5, "ma"),
        ])
    func toneMarkIsPlacedByTheRules(letters: String, tone: Int, expected: String) {
        // Given a syllable
        let syllable = PinyinSyllable(letters: letters, tone: tone)

        // When it is written with a tone mark
        // Then the mark sits on a/e, on the o of ou, otherwise on the last vowel
        #expect(syllable.marked == expected)
    }

    @Test func syllabicConsonantsCarryTheirMark() {
        #expect(PinyinSyllable(letters: "m", tone: 2).marked == "ḿ")
        #expect(PinyinSyllable(letters: "ng", tone: 2).marked == "ńg")
    }

    @Test func syllabicMAfterHCarriesTheMark() {
        // Given 噷 hm1, a syllable with no vowel that does not start with m or n
        let marked = PinyinSyllable(letters: "hm", tone: 1).marked

        // Then the mark sits on the m
        #expect(marked == "hm̄")
    }

    @Test func markedFormIsPrecomposed() {
        // Given a syllable whose mark lands on a plain vowel
        let marked = PinyinSyllable(letters: "yue", tone: 4).marked

        // Then the result is in NFC, so it compares equal byte for byte with typed text
        #expect(Array(marked.unicodeScalars) == Array("yuè".precomposedStringWithCanonicalMapping.unicodeScalars))
    }

    @Test("Every spelling of ü is stored as v", arguments: ["nü", "nu:", "nv"])
    func umlautSpellingsAreNormalised(letters: String) {
        let syllable = PinyinSyllable(letters: letters, tone: 3)

        #expect(syllable.letters == "nv")
        #expect(syllable.numbered == "nv3")
    }

    @Test("A tone outside 1–5 is treated as neutral", arguments: [0, 6, -1, 42])
    func outOfRangeToneIsNeutral(tone: Int) {
        #expect(PinyinSyllable(letters: "ma", tone: tone).tone == 5)
    }

    @Test func tonelessKeyIsLowercased() {
        #expect(PinyinSyllable(letters: "Bei", tone: 3).toneless == "bei")
        #expect(PinyinSyllable(letters: "lu:", tone: 4).toneless == "lv")
    }

    @Test func numberedFormRoundTrips() throws {
        // Given a syllable parsed from its numbered form
        let syllable = try #require(PinyinSyllable(numbered: "lu:4"))

        // When it is written back and parsed again
        let again = try #require(PinyinSyllable(numbered: syllable.numbered))

        // Then nothing is lost
        #expect(syllable.numbered == "lv4")
        #expect(again == syllable)
    }

    @Test func codableRoundTripPreservesTheSyllable() throws {
        let syllable = PinyinSyllable(letters: "lv", tone: 4)

        let data = try JSONEncoder().encode(syllable)
        let decoded = try JSONDecoder().decode(PinyinSyllable.self, from: data)

        #expect(decoded == syllable)
    }
}
