public import Foundation

/// `GET /api/v1/proficiency`: seed 000 §8's shape, plus the standard and what the estimate rests on.
public struct ProficiencyDTO: Codable, Hashable, Sendable {
    /// The estimated HSK level (1–6, 7 for HSK 3.0's 7–9 band); nil until there is enough reading.
    public var hsklevel: Int?
    /// The estimated share of the words seen that the learner knows, in percent.
    public var masteryPercentage: Double?
    /// The levels the learner is at with 80 % posterior probability.
    public var confidenceInterval: LevelRange?
    /// The mastery's interval, in percent.
    public var masteryInterval: PercentRange?
    /// When the newest reading or marking the estimate rests on happened; nil without data.
    public var lastUpdated: Date?
    /// The word list the levels refer to: `hsk3` (HSK 3.0, 2021) or `hsk2`.
    public var standard: String
    /// Distinct words seen or marked.
    public var wordsSeen: Int
    /// Words marked now.
    public var wordsMarked: Int
    /// `readMoreToEstimate`, `tooEasy`, `comfortable`, `challenging` or `tooHard`.
    public var recommendation: String
    /// Words seen and marked per level (nil level: not in the word list).
    public var levels: [LevelCount]

    /// A range of whole levels.
    public struct LevelRange: Codable, Hashable, Sendable {
        /// The lowest level.
        public var min: Int
        /// The highest level.
        public var max: Int

        /// Creates a range.
        public init(min: Int, max: Int) {
            self.min = min
            self.max = max
        }
    }

    /// A range of percentages.
    public struct PercentRange: Codable, Hashable, Sendable {
        /// The lower bound.
        public var min: Double
        /// The upper bound.
        public var max: Double

        /// Creates a range.
        public init(min: Double, max: Double) {
            self.min = min
            self.max = max
        }
    }

    /// Words seen and marked at one level.
    public struct LevelCount: Codable, Hashable, Sendable {
        /// The level; nil for words outside the word list.
        public var level: Int?
        /// Distinct words seen.
        public var seen: Int
        /// Of those, marked now.
        public var marked: Int

        /// Creates a count.
        public init(level: Int?, seen: Int, marked: Int) {
            self.level = level
            self.seen = seen
            self.marked = marked
        }
    }

    /// Creates the answer.
    public init(
        hsklevel: Int?, masteryPercentage: Double?, confidenceInterval: LevelRange?, masteryInterval: PercentRange?,
        lastUpdated: Date?, standard: String, wordsSeen: Int, wordsMarked: Int, recommendation: String,
        levels: [LevelCount]
    ) {
        self.hsklevel = hsklevel
        self.masteryPercentage = masteryPercentage
        self.confidenceInterval = confidenceInterval
        self.masteryInterval = masteryInterval
        self.lastUpdated = lastUpdated
        self.standard = standard
        self.wordsSeen = wordsSeen
        self.wordsMarked = wordsMarked
        self.recommendation = recommendation
        self.levels = levels
    }
}
