import ChineseText
import Testing

@Suite("HSKStandard and HSKVocabulary")
struct HSKStandardTests {
    @Test func levelsOfEachStandard() {
        #expect(HSKStandard.hsk2.levels == [1, 2, 3, 4, 5, 6])
        #expect(HSKStandard.hsk3.levels == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func topBandOfHSK3IsPrintedAsSevenToNine() {
        #expect(HSKStandard.hsk3.label(7) == "7–9")
        #expect(HSKStandard.hsk3.label(4) == "4")
        #expect(HSKStandard.hsk2.label(6) == "6")
    }

    @Test func explicitVocabularyAnswersByStandard() {
        let vocabulary = HSKVocabulary(
            words: [.hsk2: ["月亮": 3], .hsk3: ["月亮": 2]], characters: [.hsk3: ["月": 1]])

        #expect(vocabulary.level(ofWord: "月亮", in: .hsk2) == 3)
        #expect(vocabulary.level(ofWord: "月亮", in: .hsk3) == 2)
        #expect(vocabulary.level(ofWord: "星星", in: .hsk3) == nil)
        #expect(vocabulary.level(ofCharacter: "月", in: .hsk3) == 1)
        #expect(vocabulary.level(ofCharacter: "月", in: .hsk2) == nil)
    }

    @Test func bundledListsGradeWordsUnderBothStandards() throws {
        let hsk = try TestResources.resources().hsk

        #expect(hsk.level(ofWord: "月亮", in: .hsk2) == 3)
        #expect(hsk.level(ofWord: "月亮", in: .hsk3) == 2)
        #expect(hsk.level(ofWord: "我", in: .hsk2) == 1)
        #expect(hsk.level(ofWord: "我", in: .hsk3) == 1)
        #expect(hsk.level(ofCharacter: "一", in: .hsk3) == 1)
    }
}
