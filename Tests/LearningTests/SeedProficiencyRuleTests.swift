import Learning
import Testing

@Suite struct SeedProficiencyRuleTests {
    private let levels = ["a": 1, "b": 3, "c": 4, "d": 5, "e": 6, "f": 6]
    private var rule: SeedProficiencyRule {
        let levels = levels
        return SeedProficiencyRule { levels[$0] }
    }

    @Test(arguments: [
        (marked: ["a", "b", "c"], total: 10, level: 5, mastery: 70.0),
        (marked: ["a", "b", "c", "d"], total: 10, level: 4, mastery: 60.0),  // 25 % beyond HSK 4
        (marked: ["a", "b", "c", "x", "y", "z", "d"], total: 20, level: 5, mastery: 65.0),  // 1 of 7: 14.3 %
        (marked: ["e", "f"], total: 2, level: 4, mastery: 0.0),
    ])
    func followsTheSeed(marked: [String], total: Int, level: Int, mastery: Double) {
        let result = rule.calculate(markedWords: marked, totalUniqueWords: total)
        #expect(result.estimatedLevel == level)
        #expect(abs(result.masteryPercentage - mastery) < 1e-9)
        #expect(result.interval == LevelInterval(min: result.estimatedLevel - 1, max: result.estimatedLevel + 1))
    }

    @Test func markingNothingGivesFive() {
        #expect(rule.calculate(markedWords: [], totalUniqueWords: 10).estimatedLevel == 5)
    }

    @Test func noWordsGiveNaNMastery() {
        #expect(rule.calculate(markedWords: [], totalUniqueWords: 0).masteryPercentage.isNaN)
    }

    @Test(arguments: [
        (95, ReadingRecommendation.tooEasy), (80, .comfortable), (50, .challenging), (30, .tooHard),
    ])
    func recommendsByMastery(knownOutOf100: Int, expected: ReadingRecommendation) {
        let marked = (0..<(100 - knownOutOf100)).map { "x\($0)" }
        #expect(rule.calculate(markedWords: marked, totalUniqueWords: 100).recommendation == expected)
    }

    @Test func neverAnswersOutsideFourAndFive() {
        for count in 0...6 {
            let marked = Array(["e", "f", "d", "a", "b", "c"].prefix(count))
            #expect([4, 5].contains(rule.calculate(markedWords: marked, totalUniqueWords: 10).estimatedLevel))
        }
    }
}
