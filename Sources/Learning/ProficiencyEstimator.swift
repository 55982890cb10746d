public import ChineseText
public import Foundation

/// Estimates a learner's HSK level from the words they have seen and marked, with a credible interval.
///
/// The model (documented in `ProficiencyModel.md`): the learner has an ability `θ` on the continuous
/// HSK scale and knows a word of level `L` with probability `σ(a·(θ − L))`. They mark an unknown word
/// with probability `1 − m` (they miss some) and a known word with probability `s` (slips). The miss
/// rate `m` and slip rate `s` are unknown and summed over small grids; `θ` has a weak normal prior. The posterior over
/// a grid of `θ` gives the level probabilities, an 80 % credible interval and the mastery.
///
/// ```swift
/// let estimator = ProficiencyEstimator(standard: .hsk3)
/// let estimate = estimator.estimate(observations, now: .now)
/// ```
public struct ProficiencyEstimator: Sendable {
    /// The standard the observations' levels are in.
    public var standard: HSKStandard
    /// The model's constants.
    public var parameters: ProficiencyModelParameters

    /// Creates an estimator for levels in `standard`.
    public init(standard: HSKStandard = .hsk3, parameters: ProficiencyModelParameters = .default) {
        self.standard = standard
        self.parameters = parameters
    }

    /// Estimates the level, mastery and recommendation from `observations` (one per distinct word).
    ///
    /// With `now`, observations last seen long ago weigh less (``ProficiencyModelParameters/recencyHalfLife``).
    /// Levels outside the standard are treated as unlisted. Runs in time linear in the observations
    /// plus a constant for the grid (well under a millisecond for thousands of words).
    public func estimate(_ observations: [WordObservation], now: Date? = nil) -> ProficiencyEstimate {
        let evidence = Evidence(observations, levels: standard.levels, now: now, parameters: parameters)
        // A level can only be claimed once some of its words have been read: without HSK 3.0 7–9 words,
        // knowing every level-6 word says nothing about the band above.
        let evidenced = standard.levels.indices.filter {
            evidence.markedCounts[$0] + evidence.unmarkedCounts[$0] >= parameters.minimumWordsForLevel
        }
        let levels = Array(standard.levels.prefix(max(evidenced.last.map { $0 + 1 } ?? 1, 1)))
        let tallies = evidence.tallies(levels: standard.levels)
        guard evidence.gradedCount >= parameters.minimumGradedWords else {
            let mastery = evidence.totalCount > 0 ? unlistedMastery(evidence) : nil
            return ProficiencyEstimate(
                standard: standard, level: nil, levelInterval: nil,
                levelProbabilities: Array(repeating: 0, count: standard.levels.count), ability: nil,
                abilityInterval: nil,
                masteryPercentage: mastery.map { $0.mean * 100 },
                masteryInterval: mastery.map { ValueInterval(lower: $0.lower * 100, upper: $0.upper * 100) },
                estimatedMissRate: nil, credibleMass: parameters.credibleMass, wordsSeen: evidence.totalCount,
                wordsMarked: evidence.markedCount, tallies: tallies, recommendation: .readMoreToEstimate)
        }
        let posterior = Posterior(evidence: evidence, levels: standard.levels, parameters: parameters)
        var levelProbabilities = posterior.levelProbabilities(levels: levels, parameters: parameters)
        levelProbabilities += Array(repeating: 0, count: standard.levels.count - levels.count)
        var best = 0
        for index in levelProbabilities.indices where levelProbabilities[index] > levelProbabilities[best] {
            best = index
        }
        let level = levels[best]
        let tail = (1 - parameters.credibleMass) / 2
        let lowerTheta = posterior.quantile(tail)
        let upperTheta = posterior.quantile(1 - tail)
        let lowerLevel = min(mapToLevel(lowerTheta, levels: levels), level)
        // The interval may reach one level beyond the highest read: not marking its words is no evidence
        // against it.
        let reachable = Array(standard.levels.prefix(levels.count + 1))
        let upperLevel = max(mapToLevel(upperTheta, levels: reachable), level)
        let mastery = posterior.mastery(evidence: evidence, levels: standard.levels, parameters: parameters)
        return ProficiencyEstimate(
            standard: standard, level: level, levelInterval: LevelInterval(min: lowerLevel, max: upperLevel),
            levelProbabilities: levelProbabilities, ability: posterior.meanTheta,
            abilityInterval: ValueInterval(lower: lowerTheta, upper: upperTheta),
            masteryPercentage: mastery.mean * 100,
            masteryInterval: ValueInterval(lower: mastery.lower * 100, upper: mastery.upper * 100),
            estimatedMissRate: posterior.meanMissRate, credibleMass: parameters.credibleMass,
            wordsSeen: evidence.totalCount, wordsMarked: evidence.markedCount, tallies: tallies,
            recommendation: recommendation(forMastery: mastery.mean))
    }

    /// The level an ability `θ` maps to: the highest level of which the learner knows at least the
    /// threshold share, clamped to the standard's levels.
    public func level(forAbility theta: Double) -> Int { mapToLevel(theta, levels: standard.levels) }

    private func mapToLevel(_ theta: Double, levels: [Int]) -> Int {
        let raw = Int((theta - parameters.levelOffset).rounded(.down))
        return min(max(raw, levels.first ?? 1), levels.last ?? 6)
    }

    private func recommendation(forMastery mastery: Double) -> ReadingRecommendation {
        if mastery > parameters.tooEasyMastery { return .tooEasy }
        if mastery >= parameters.comfortableMastery { return .comfortable }
        if mastery >= parameters.challengingMastery { return .challenging }
        return .tooHard
    }

    /// Mastery from the noise model alone, for reading with too few graded words.
    private func unlistedMastery(_ evidence: Evidence) -> (mean: Double, lower: Double, upper: Double) {
        let prior = parameters.unlistedKnownPrior
        let miss = Posterior.weightedMean(parameters.missRates, weights: parameters.missRatePrior)
        let slip = Posterior.weightedMean(parameters.slipRates, weights: parameters.slipRatePrior)
        let knownIfMarked = slip * prior / (slip * prior + (1 - miss) * (1 - prior))
        let knownIfUnmarked = (1 - slip) * prior / ((1 - slip) * prior + miss * (1 - prior))
        let marked = Double(evidence.markedCount)
        let unmarked = Double(evidence.totalCount - evidence.markedCount)
        let total = Double(evidence.totalCount)
        let mean = (marked * knownIfMarked + unmarked * knownIfUnmarked) / total
        let variance =
            (marked * knownIfMarked * (1 - knownIfMarked) + unmarked * knownIfUnmarked * (1 - knownIfUnmarked))
            / (total * total)
        let half = Posterior.normalQuantile(0.5 + parameters.credibleMass / 2) * variance.squareRoot()
        return (mean, max(0, mean - half), min(1, mean + half))
    }
}

/// The observations reduced to weighted counts of marked and unmarked words per level.
struct Evidence {
    /// Weighted marked and unmarked counts, index `i * sightingCap + n - 1` for `levels[i]` seen `n` times.
    var marked: [Double]
    var unmarked: [Double]
    /// Sightings beyond this many count as this many.
    let sightingCap: Int
    /// Unweighted distinct counts, for tallies and mastery.
    var markedCounts: [Int]
    var unmarkedCounts: [Int]
    var unlistedMarked = 0
    var unlistedUnmarked = 0

    init(_ observations: [WordObservation], levels: [Int], now: Date?, parameters: ProficiencyModelParameters) {
        sightingCap = max(parameters.maximumSightings, 1)
        marked = Array(repeating: 0, count: levels.count * sightingCap)
        unmarked = marked
        markedCounts = Array(repeating: 0, count: levels.count)
        unmarkedCounts = markedCounts
        let first = levels.first ?? 1
        for observation in observations {
            guard let level = observation.hskLevel, levels.contains(level) else {
                if observation.isMarked { unlistedMarked += 1 } else { unlistedUnmarked += 1 }
                continue
            }
            let index = level - first
            let weight = Self.weight(observation, now: now, parameters: parameters)
            let sightings = min(observation.timesSeen, sightingCap) - 1
            if observation.isMarked {
                marked[index * sightingCap + sightings] += weight
                markedCounts[index] += 1
            } else {
                unmarked[index * sightingCap + sightings] += weight
                unmarkedCounts[index] += 1
            }
        }
    }

    private static func weight(
        _ observation: WordObservation, now: Date?, parameters: ProficiencyModelParameters
    )
        -> Double
    {
        guard let now, let lastSeen = observation.lastSeen, let halfLife = parameters.recencyHalfLife, halfLife > 0
        else { return 1 }
        let age = max(0, now.timeIntervalSince(lastSeen))
        return max(parameters.minimumRecencyWeight, pow(0.5, age / halfLife))
    }

    var gradedCount: Int { markedCounts.reduce(0, +) + unmarkedCounts.reduce(0, +) }
    var markedCount: Int { markedCounts.reduce(0, +) + unlistedMarked }
    var totalCount: Int { gradedCount + unlistedMarked + unlistedUnmarked }

    func tallies(levels: [Int]) -> [LevelTally] {
        var result = levels.indices.map {
            LevelTally(level: levels[$0], seen: markedCounts[$0] + unmarkedCounts[$0], marked: markedCounts[$0])
        }
        if unlistedMarked + unlistedUnmarked > 0 {
            result.append(LevelTally(level: nil, seen: unlistedMarked + unlistedUnmarked, marked: unlistedMarked))
        }
        return result
    }
}
