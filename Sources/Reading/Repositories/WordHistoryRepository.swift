public import Foundation

/// What a learner has done with one word: how often it was on pages they reached, and their marks.
public struct WordHistory: Hashable, Sendable, Codable {
    /// The word.
    public var word: String
    /// How many times it was on a page the learner reached (once per page per session).
    public var timesSeen: Int
    /// When it was last on such a page.
    public var lastSeen: Date?
    /// Whether the learner has it marked now.
    public var isMarked: Bool
    /// How many times the learner marked it.
    public var markCount: Int
    /// When its mark last changed.
    public var markUpdatedAt: Date?

    /// Creates a history.
    public init(
        word: String, timesSeen: Int, lastSeen: Date?, isMarked: Bool, markCount: Int, markUpdatedAt: Date?
    ) {
        self.word = word
        self.timesSeen = timesSeen
        self.lastSeen = lastSeen
        self.isMarked = isMarked
        self.markCount = markCount
        self.markUpdatedAt = markUpdatedAt
    }

    /// The latest time anything happened to the word.
    public var lastActivity: Date? { [lastSeen, markUpdatedAt].compactMap { $0 }.max() }
}

/// Reads every word a learner has seen or marked, for the level estimate and the word list.
public protocol WordHistoryRepository: Sendable {
    /// One entry per word the user has seen or marked.
    func wordHistory(for userID: UUID) async throws -> [WordHistory]
}
