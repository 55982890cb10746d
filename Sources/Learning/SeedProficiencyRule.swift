/// The proficiency rule of seed 000 §3.5 (`ProficiencyCalculator`), kept exactly, for comparison.
///
/// It looks only at the marked words: if more than 15 % of them are HSK 5 or 6 it answers HSK 4,
/// otherwise HSK 5, always with the interval level ± 1. It can never answer 1, 2, 3 or 6.
public struct SeedProficiencyRule: Sendable {
    /// The level of a word, or `nil` when ungraded (the seed's `hskLevels.frequency[word]`).
    public var level: @Sendable (String) -> Int?

    /// Creates the rule over a level lookup.
    public init(level: @escaping @Sendable (String) -> Int?) {
        self.level = level
    }

    /// The seed's result.
    public struct Result: Hashable, Sendable {
        /// `(total − marked) / total × 100`; NaN with no words, as in the seed.
        public var masteryPercentage: Double
        /// 4 or 5.
        public var estimatedLevel: Int
        /// `estimatedLevel − 1 ... estimatedLevel + 1`.
        public var interval: LevelInterval
        /// The seed's recommendation, by mastery: above 90, above 75, below 40, otherwise.
        public var recommendation: ReadingRecommendation
    }

    /// Applies the rule; `historicalMarkedWords` is accepted and ignored, as in the seed.
    public func calculate(
        markedWords: [String], totalUniqueWords: Int, historicalMarkedWords: [String] = []
    )
        -> Result
    {
        let masteredWords = totalUniqueWords - markedWords.count
        let masteryPercentage = Double(masteredWords) / Double(totalUniqueWords) * 100
        var distribution: [Int: Int] = [:]
        for word in markedWords {
            if let level = level(word) { distribution[level, default: 0] += 1 }
        }
        let beyondHSK4 = distribution[5, default: 0] + distribution[6, default: 0]
        // NaN when nothing is marked, and NaN > 15 is false: the seed then answers HSK 5.
        let percentBeyond = Double(beyondHSK4) / Double(markedWords.count) * 100
        let estimatedLevel = percentBeyond > 15 ? 4 : 5
        return Result(
            masteryPercentage: masteryPercentage, estimatedLevel: estimatedLevel,
            interval: LevelInterval(min: estimatedLevel - 1, max: estimatedLevel + 1),
            recommendation: Self.recommendation(masteryPercentage))
    }

    /// Applies the rule to observations: the marked words, and every distinct word as the total.
    public func calculate(_ observations: [WordObservation]) -> Result {
        calculate(markedWords: observations.filter(\.isMarked).map(\.word), totalUniqueWords: observations.count)
    }

    /// The seed's four messages as keys: "try harder" (> 90), "ready for next level" (> 75),
    /// "too challenging" (< 40), "keep reading similar" (otherwise).
    private static func recommendation(_ mastery: Double) -> ReadingRecommendation {
        if mastery > 90 { return .tooEasy }
        if mastery > 75 { return .comfortable }
        if mastery < 40 { return .tooHard }
        return .challenging
    }
}
