public import Foundation

/// The counts on the progress page: how much a learner has read and marked, in all and lately.
public struct ReadingStatistics: Hashable, Sendable, Codable {
    /// Distinct books the learner has opened in a reading session (deleted books included).
    public var textsRead: Int
    /// Reading sessions in all.
    public var sessions: Int
    /// Seconds read in all sessions.
    public var secondsRead: Int
    /// Words marked now.
    public var wordsMarked: Int
    /// Distinct words marked since the start of the recent window.
    public var wordsMarkedRecently: Int
    /// Seconds read in sessions active since the start of the recent window.
    public var secondsReadRecently: Int
    /// The start of the recent window (seven days before the statistics were taken).
    public var recentSince: Date

    /// Creates statistics.
    public init(
        textsRead: Int, sessions: Int, secondsRead: Int, wordsMarked: Int, wordsMarkedRecently: Int,
        secondsReadRecently: Int, recentSince: Date
    ) {
        self.textsRead = textsRead
        self.sessions = sessions
        self.secondsRead = secondsRead
        self.wordsMarked = wordsMarked
        self.wordsMarkedRecently = wordsMarkedRecently
        self.secondsReadRecently = secondsReadRecently
        self.recentSince = recentSince
    }

    /// The length of the recent window: the last seven days.
    public static let recentWindow: TimeInterval = 7 * 24 * 60 * 60
}

/// Counts a learner's reading for the progress page.
public protocol ReadingStatisticsRepository: Sendable {
    /// The user's statistics, with the recent window starting at `since`.
    func statistics(for userID: UUID, since: Date) async throws -> ReadingStatistics
}
