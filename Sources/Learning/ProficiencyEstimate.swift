public import ChineseText

/// A learner's estimated HSK level, vocabulary mastery and what to read next, from all their reading.
public struct ProficiencyEstimate: Hashable, Sendable, Codable {
    /// The standard the levels are in.
    public var standard: HSKStandard
    /// The most probable level, or `nil` when there are too few graded words to say.
    public var level: Int?
    /// The levels the credible interval of the ability covers, or `nil` with ``level``.
    public var levelInterval: LevelInterval?
    /// The posterior probability of each level, first entry for the standard's first level.
    public var levelProbabilities: [Double]
    /// The posterior mean of the ability `θ` on the continuous HSK scale, or `nil` with ``level``.
    public var ability: Double?
    /// The credible interval of `θ`, or `nil` with ``level``.
    public var abilityInterval: ValueInterval?
    /// The estimated percentage (0–100) of the distinct words seen that the learner knows, or `nil` with no words.
    public var masteryPercentage: Double?
    /// The credible interval of ``masteryPercentage``.
    public var masteryInterval: ValueInterval?
    /// The posterior mean share of unknown words the learner leaves unmarked, or `nil` with ``level``.
    public var estimatedMissRate: Double?
    /// The posterior mass of the intervals (0.8: from the 10th to the 90th percentile).
    public var credibleMass: Double
    /// Distinct words seen.
    public var wordsSeen: Int
    /// Distinct words marked now.
    public var wordsMarked: Int
    /// Words seen and marked level by level, unlisted words last with a `nil` level.
    public var tallies: [LevelTally]
    /// What the learner should read next.
    public var recommendation: ReadingRecommendation
}

/// An inclusive range of integer levels, as the API's `confidenceInterval { min, max }`.
public struct LevelInterval: Hashable, Sendable, Codable {
    /// The lowest level.
    public var min: Int
    /// The highest level.
    public var max: Int

    /// Creates an interval; the bounds are put in order.
    public init(min: Int, max: Int) {
        self.min = Swift.min(min, max)
        self.max = Swift.max(min, max)
    }

    /// Whether `level` is inside the interval.
    public func contains(_ level: Int) -> Bool { (min...max).contains(level) }
}

/// An inclusive interval of real values.
public struct ValueInterval: Hashable, Sendable, Codable {
    /// The lower bound.
    public var lower: Double
    /// The upper bound.
    public var upper: Double

    /// Creates an interval.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

/// The words seen and marked at one HSK level.
public struct LevelTally: Hashable, Sendable, Codable {
    /// The level, or `nil` for words the list does not grade.
    public var level: Int?
    /// Distinct words seen.
    public var seen: Int
    /// Distinct words marked now.
    public var marked: Int

    /// Creates a tally.
    public init(level: Int?, seen: Int, marked: Int) {
        self.level = level
        self.seen = seen
        self.marked = marked
    }
}

/// What the learner should read next, as a key the app turns into text.
public enum ReadingRecommendation: String, Hashable, Sendable, Codable, CaseIterable {
    /// Too little graded reading to estimate a level yet.
    case readMoreToEstimate
    /// The learner knows nearly every word: harder texts would teach more.
    case tooEasy
    /// Enough is known to read fluently while meeting new words: keep to this difficulty.
    case comfortable
    /// Many new words: good for study, slower to read.
    case challenging
    /// Too many unknown words to read for meaning: easier texts would help.
    case tooHard
}
