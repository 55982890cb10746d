import ChineseText
import Testing

@Suite("SegmentationScore")
struct SegmentationScoreTests {
    @Test func perfectSegmentationScoresOne() {
        var score = SegmentationScore()

        score.add(gold: ["研究", "生命", "的", "起源"], predicted: ["研究", "生命", "的", "起源"])

        #expect(score.precision == 1)
        #expect(score.recall == 1)
        #expect(score.f1 == 1)
    }

    @Test func wordsCountOnlyWhenTheirSpanMatches() {
        // Given a prediction that joins two gold words and gets two right
        var score = SegmentationScore()

        score.add(gold: ["研究", "生命", "的", "起源"], predicted: ["研究生", "命", "的", "起源"])

        // Then precision and recall count matching spans only
        #expect(score.correctWords == 2)
        #expect(score.precision == 0.5)
        #expect(score.recall == 0.5)
        #expect(score.f1 == 0.5)
    }

    @Test func linesAccumulate() {
        var score = SegmentationScore()

        score.add(gold: ["我"], predicted: ["我"])
        score.add(gold: ["北京", "大学"], predicted: ["北京大学"])

        #expect(score.goldWords == 3)
        #expect(score.predictedWords == 2)
        #expect(score.correctWords == 1)
    }

    @Test func emptyScoreIsZeroNotNaN() {
        let score = SegmentationScore()

        #expect(score.precision == 0)
        #expect(score.recall == 0)
        #expect(score.f1 == 0)
    }
}
