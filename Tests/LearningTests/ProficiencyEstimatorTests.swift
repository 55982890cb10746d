import Foundation
import Learning
import Testing

/// Observations for an idealised learner: `wordsPerLevel` words at each level 1–6, marked when above `level`.
private func idealLearner(level: Int, wordsPerLevel: Int = 20, marksEverything: Bool = false) -> [WordObservation] {
    (1...6).flatMap { wordLevel in
        (0..<wordsPerLevel).map {
            WordObservation(
                word: "w\(wordLevel)-\($0)", hskLevel: wordLevel, isMarked: marksEverything || wordLevel > level)
        }
    }
}

@Suite struct ProficiencyEstimatorTests {
    let estimator = ProficiencyEstimator(standard: .hsk3)

    @Test(arguments: 0...6)
    func carefulMarkerIsPlacedAtTheirLevel(level: Int) throws {
        let estimate = estimator.estimate(idealLearner(level: level))
        #expect(estimate.level == max(level, 1))
        let interval = try #require(estimate.levelInterval)
        #expect(interval.contains(max(level, 1)))
        #expect(abs(estimate.levelProbabilities.reduce(0, +) - 1) < 1e-9)
    }

    @Test(arguments: [
        (level: 2, missed: 0.3), (level: 4, missed: 0.3), (level: 3, missed: 0.5),
    ])
    func missedMarksStillGiveTheLevelWithinOne(level: Int, missed: Double) throws {
        // Leave every k-th unknown word unmarked.
        let step = Int((1 / missed).rounded())
        var count = 0
        let observations = idealLearner(level: level, wordsPerLevel: 30).map { observation -> WordObservation in
            guard observation.isMarked else { return observation }
            count += 1
            var copy = observation
            copy.isMarked = count % step != 0
            return copy
        }
        let estimate = estimator.estimate(observations)
        let found = try #require(estimate.level)
        #expect(abs(found - level) <= 1)
    }

    @Test func noDataGivesNoLevel() {
        let estimate = estimator.estimate([])
        #expect(estimate.level == nil)
        #expect(estimate.levelInterval == nil)
        #expect(estimate.masteryPercentage == nil)
        #expect(estimate.recommendation == .readMoreToEstimate)
        #expect(estimate.wordsSeen == 0)
    }

    @Test func unlistedWordsGiveMasteryButNoLevel() throws {
        let observations = (0..<50).map { WordObservation(word: "x\($0)", hskLevel: nil, isMarked: $0 < 5) }
        let estimate = estimator.estimate(observations)
        #expect(estimate.level == nil)
        #expect(estimate.recommendation == .readMoreToEstimate)
        let mastery = try #require(estimate.masteryPercentage)
        #expect(mastery > 70 && mastery < 100)
        #expect(estimate.tallies.last == LevelTally(level: nil, seen: 50, marked: 5))
    }

    @Test func markingNothingGivesTheHighestLevelRead() {
        let estimate = estimator.estimate(idealLearner(level: 6))
        #expect(estimate.level == 6)
        #expect(estimate.recommendation == .tooEasy)
        #expect((estimate.masteryPercentage ?? 0) > 97)
    }

    @Test func markingEverythingGivesLevelOne() {
        let estimate = estimator.estimate(idealLearner(level: 0, marksEverything: true))
        #expect(estimate.level == 1)
        #expect(estimate.levelInterval == LevelInterval(min: 1, max: 1))
        #expect(estimate.recommendation == .tooHard)
        #expect((estimate.masteryPercentage ?? 100) < 10)
    }

    @Test func levelsWithoutWordsCannotBeClaimed() {
        // Knowing every word of levels 1–3 says nothing about 4–6 or the 7–9 band.
        let observations = idealLearner(level: 6).filter { ($0.hskLevel ?? 0) <= 3 }
        #expect(estimator.estimate(observations).level == 3)
    }

    @Test func oldReadingWeighsLess() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let old = now.addingTimeInterval(-3 * 365 * 86_400)
        // Long ago the learner marked levels 3+; recently they read levels 3–4 without marking.
        let past = idealLearner(level: 2).map { observation -> WordObservation in
            var copy = observation
            copy.word += "-old"
            copy.lastSeen = old
            return copy
        }
        let recent = idealLearner(level: 4).filter { (3...4).contains($0.hskLevel ?? 0) }.map {
            var copy = $0
            copy.lastSeen = now
            return copy
        }
        let weighted = estimator.estimate(past + recent, now: now)
        let unweighted = estimator.estimate(past + recent)
        #expect((weighted.ability ?? 0) > (unweighted.ability ?? 0))
    }

    @Test func estimateIsDeterministic() {
        let observations = idealLearner(level: 3, wordsPerLevel: 40)
        #expect(estimator.estimate(observations) == estimator.estimate(observations))
    }

    @Test func estimateIsEncodable() throws {
        let data = try JSONEncoder().encode(estimator.estimate(idealLearner(level: 4)))
        let decoded = try JSONDecoder().decode(ProficiencyEstimate.self, from: data)
        #expect(decoded.level == 4)
    }

    @Test func thousandsOfObservationsAreFast() {
        let observations = idealLearner(level: 4, wordsPerLevel: 1_000)
        let clock = ContinuousClock()
        var fastest = Duration.seconds(1)
        for _ in 0..<5 {
            let elapsed = clock.measure { _ = estimator.estimate(observations) }
            fastest = min(fastest, elapsed)
        }
        // Debug builds are several times slower than release; release takes about a millisecond.
        #expect(fastest < .milliseconds(50))
    }

    @Test(arguments: [(0.5, 1), (5.99, 5), (6.5, 6), (-3.0, 1), (20.0, 7)])
    func abilityMapsToTheLevelWhoseMidpointItPassed(theta: Double, expected: Int) {
        // With a threshold of one half, level k starts where words of level k are known half the time.
        var parameters = ProficiencyModelParameters.default
        parameters.levelThreshold = 0.5
        #expect(ProficiencyEstimator(standard: .hsk3, parameters: parameters).level(forAbility: theta) == expected)
    }
}
