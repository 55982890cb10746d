import ChineseText
import Learning
import Testing

@Suite struct PlacementPassageTests {
    private static func sentence(_ id: String, _ level: Int, _ words: [(String, Int?)]) -> GradedSentence {
        GradedSentence(
            id: id, hskLevel: level, text: words.map(\.0).joined() + "。",
            words: words.map { GradedSentence.Word(text: $0.0, level: $0.1) })
    }

    private let candidates = [
        sentence("a1", 1, [("我", 1), ("是", 1)]),
        sentence("a2", 1, [("你", 1), ("好", 1), ("我", 1)]),
        sentence("b1", 2, [("我", 1), ("懂", 2)]),
        sentence("b2", 2, [("词典", 2), ("查", 2)]),
        sentence("b3", 2, [("查", 2), ("会议", 3)]),  // a word above its level: never chosen
        sentence("b4", 2, [("张三", nil), ("懂", 2)]),  // an unlisted word: never chosen
    ]

    @Test(arguments: [
        (perLevel: 1, ids: ["a2", "b2"]),
        (perLevel: 2, ids: ["a2", "a1", "b2", "b1"]),
    ])
    func choosesTheSentencesWithTheMostNewWordsOfTheirLevel(perLevel: Int, ids: [String]) {
        let passage = PlacementPassage.build(
            from: candidates, standard: .hsk3, levels: 1...2, sentencesPerLevel: perLevel)
        #expect(passage.sentences.map(\.id) == ids)
    }

    @Test func observationsCountRepeatsAndMarks() {
        let passage = PlacementPassage(standard: .hsk3, sentences: [candidates[0], candidates[2]])
        let observations = passage.observations(marked: ["懂"])
        #expect(observations.map(\.word) == ["我", "是", "懂"])
        #expect(observations.first?.timesSeen == 2)
        #expect(observations.filter(\.isMarked).map(\.word) == ["懂"])
        #expect(observations.last?.hskLevel == 2)
    }

    @Test func bundledPassageCoversEveryLevelDeterministically() throws {
        let resources = try ChineseTextResources.load()
        let passage = PlacementPassage.build(resources: resources)
        #expect(Set(passage.sentences.map(\.hskLevel)) == Set(1...6))
        #expect(passage.sentences.count == 18)
        for sentence in passage.sentences {
            #expect(sentence.words.allSatisfy { ($0.level ?? 99) <= sentence.hskLevel })
        }
        #expect(PlacementPassage.build(resources: resources) == passage)
    }
}
