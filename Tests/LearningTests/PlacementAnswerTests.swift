import ChineseText
import Foundation
import Learning
import Testing

@Suite struct PlacementAnswerTests {
    static let placementDay = Date(timeIntervalSince1970: 1_700_000_000)

    static func observation(
        _ word: String, seen: Int = 1, marked: Bool = false, count: Int? = nil, day: Double? = nil
    ) -> WordObservation {
        WordObservation(
            word: word, hskLevel: 2, timesSeen: seen, isMarked: marked, markCount: count,
            lastSeen: day.map { placementDay.addingTimeInterval($0 * 86_400) })
    }

    /// (reading, placement, expected word → (timesSeen, isMarked)).
    static let cases: [(String, [WordObservation], [WordObservation], [String: (Int, Bool)])] = [
        ("only placement", [], [observation("书", marked: true, day: 0)], ["书": (1, true)]),
        ("only reading", [observation("书", seen: 3, day: 1)], [], ["书": (3, false)]),
        (
            "reading marked wins", [observation("书", seen: 2, marked: true, day: -1)],
            [observation("书", marked: false, day: 0)], ["书": (3, true)]
        ),
        (
            "read since without marking: learnt", [observation("书", seen: 2, day: 3)],
            [observation("书", marked: true, day: 0)], ["书": (3, false)]
        ),
        (
            "read only before the placement: placement's mark", [observation("书", seen: 2, day: -3)],
            [observation("书", marked: true, day: 0)], ["书": (3, true)]
        ),
        (
            "unmarked while reading (count 1) stays unmarked", [observation("书", seen: 1, count: 1, day: -3)],
            [observation("书", marked: true, day: 0)], ["书": (2, false)]
        ),
        (
            "disjoint words are all kept", [observation("书", day: 1)], [observation("桌子", marked: true, day: 0)],
            ["书": (1, false), "桌子": (1, true)]
        ),
    ]

    @Test(arguments: 0..<cases.count) func combinesReadingWithThePlacement(_ index: Int) {
        let (name, reading, placement, expected) = Self.cases[index]
        let combined = WordObservation.combining(reading: reading, placement: placement)
        #expect(combined.count == expected.count, "\(name)")
        for observation in combined {
            let want = expected[observation.word]
            #expect(want?.0 == observation.timesSeen, "\(name): \(observation.word) seen")
            #expect(want?.1 == observation.isMarked, "\(name): \(observation.word) marked")
        }
    }

    @Test func answerKeepsEveryPassageWordAndIgnoresOthers() {
        let passage = PlacementPassage(
            standard: .hsk3,
            sentences: [
                GradedSentence(
                    id: "a", hskLevel: 1, text: "我是我。",
                    words: [.init(text: "我", level: 1), .init(text: "是", level: 1), .init(text: "我", level: 1)])
            ])
        let answer = passage.answer(marked: ["是", "外面"], at: Self.placementDay, proposedLevel: 1)
        #expect(
            answer.words == [
                .init(word: "我", timesSeen: 2, marked: false), .init(word: "是", timesSeen: 1, marked: true),
            ])
        #expect(!answer.isSkipped)
        #expect(PlacementAnswer.skipped(at: Self.placementDay, standard: .hsk3).isSkipped)
        let observations = answer.observations { $0 == "我" ? 1 : nil }
        #expect(observations.map(\.hskLevel) == [1, nil])
        #expect(observations.allSatisfy { $0.lastSeen == Self.placementDay })
    }

    @Test(arguments: [
        ("我是学生。", ["我", "是", "学生"], ["我", "是", "学生", "。"]),
        ("2024年我去了北京！", ["年", "我", "去", "了", "北京"], ["2024", "年", "我", "去", "了", "北京", "！"]),
        ("“你好”", ["你好"], ["“", "你好", "”"]),
    ])
    func sentencePiecesRebuildTheText(text: String, words: [String], pieces: [String]) {
        let sentence = GradedSentence(
            id: "x", hskLevel: 1, text: text, words: words.map { .init(text: $0, level: 1) })
        #expect(sentence.pieces.map(\.text) == pieces)
        #expect(sentence.pieces.filter(\.isWord).map(\.text) == words)
        #expect(sentence.pieces.map(\.text).joined() == text)
    }
}

@Suite struct ProficiencySnapshotTests {
    static func snapshot(seen: Int, marked: Int, level: Int?, mastery: Double?) -> ProficiencySnapshot {
        ProficiencySnapshot(
            recordedAt: Date(), trigger: .reading, standard: .hsk3, level: level, levelInterval: nil, ability: nil,
            abilityInterval: nil, masteryPercentage: mastery, masteryInterval: nil, wordsSeen: seen,
            wordsMarked: marked)
    }

    @Test(arguments: [
        (snapshot(seen: 10, marked: 2, level: 3, mastery: 80.01), true),
        (snapshot(seen: 11, marked: 2, level: 3, mastery: 80.0), false),
        (snapshot(seen: 10, marked: 3, level: 3, mastery: 80.0), false),
        (snapshot(seen: 10, marked: 2, level: 4, mastery: 80.0), false),
        (snapshot(seen: 10, marked: 2, level: 3, mastery: 81.0), false),
    ])
    func sameEvidenceIsDetected(other: ProficiencySnapshot, same: Bool) {
        #expect(Self.snapshot(seen: 10, marked: 2, level: 3, mastery: 80.0).hasSameEvidence(as: other) == same)
    }

    @Test func snapshotCopiesTheEstimate() {
        let observations = (1...6).flatMap { level in
            (0..<10).map { WordObservation(word: "\(level)-\($0)", hskLevel: level, isMarked: level >= 4) }
        }
        let estimate = ProficiencyEstimator().estimate(observations)
        let snapshot = ProficiencySnapshot(estimate, at: Date(timeIntervalSince1970: 0), trigger: .placement)
        #expect(snapshot.level == estimate.level)
        #expect(snapshot.ability == estimate.ability)
        #expect(snapshot.levelInterval == estimate.levelInterval)
        #expect(snapshot.wordsSeen == 60 && snapshot.wordsMarked == 30)
        #expect(snapshot.trigger == .placement)
    }
}

@Suite struct PlacementPiecesTests {
    @Test func eachWordIsMarkableOnceWhereItFirstOccurs() {
        let passage = PlacementPassage(
            standard: .hsk3,
            sentences: [
                GradedSentence(
                    id: "a", hskLevel: 1, text: "我是我。",
                    words: [.init(text: "我", level: 1), .init(text: "是", level: 1), .init(text: "我", level: 1)]),
                GradedSentence(
                    id: "b", hskLevel: 2, text: "我懂。", words: [.init(text: "我", level: 1), .init(text: "懂", level: 2)]),
            ])
        let pieces = passage.sentencePieces
        #expect(pieces[0].map(\.text) == ["我", "是", "我", "。"])
        #expect(pieces[0].map(\.isMarkable) == [true, true, false, false])
        #expect(pieces[1].map(\.isMarkable) == [false, true, false])
        #expect(pieces[1][1].level == 2)
        #expect(pieces.joined().filter(\.isMarkable).map(\.text) == ["我", "是", "懂"])
    }
}
