public import Foundation

/// What the app knows about one word a learner has read: how often it was seen and whether it is marked.
///
/// The server builds one observation per row of `word_exposures` (the words seen), joined with the
/// learner's row of `word_marks` for the same word when there is one; a word marked but never
/// recorded as seen counts as seen once. The HSK level is looked up by the caller in one standard
/// (``ProficiencyEstimator/standard``), so the estimator never needs the word lists.
public struct WordObservation: Hashable, Sendable, Codable {
    /// The word, as segmented (simplified characters).
    public var word: String
    /// The word's level in the estimator's standard, or `nil` when the list does not have it.
    public var hskLevel: Int?
    /// How many times the learner has seen the word (`word_exposures.seen_count`, at least 1).
    public var timesSeen: Int
    /// Whether the word is marked as unknown now (`word_marks.is_marked`).
    public var isMarked: Bool
    /// How many times the learner has marked the word, including marks later removed (`word_marks.mark_count`).
    public var markCount: Int
    /// When the learner last saw the word (`word_exposures.last_seen_at`), or `nil` if unknown.
    public var lastSeen: Date?

    /// Creates an observation; `timesSeen` is raised to 1 and `markCount` to 1 for a marked word.
    public init(
        word: String, hskLevel: Int?, timesSeen: Int = 1, isMarked: Bool, markCount: Int? = nil, lastSeen: Date? = nil
    ) {
        self.word = word
        self.hskLevel = hskLevel
        self.timesSeen = max(1, timesSeen)
        self.isMarked = isMarked
        self.markCount = max(markCount ?? (isMarked ? 1 : 0), isMarked ? 1 : 0)
        self.lastSeen = lastSeen
    }

    /// Whether the learner once marked the word and has since removed the mark (a word learnt).
    public var wasUnmarked: Bool { !isMarked && markCount > 0 }
}
