public import Foundation

/// A stretch of reading one book: from opening it to pressing End or walking away.
public struct ReadingSession: Hashable, Sendable, Codable, Identifiable {
    /// The session's identifier.
    public var id: UUID
    /// The learner.
    public var userID: UUID
    /// The book; nil once the book is deleted.
    public var bookID: UUID?
    /// The book's title, kept when the book is deleted.
    public var bookTitle: String
    /// When the book was opened.
    public var startedAt: Date
    /// When the learner last did something.
    public var lastActivityAt: Date
    /// When the session ended, if it has.
    public var endedAt: Date?
    /// Why it ended.
    public var endReason: EndReason?
    /// Seconds of active reading (reported by the reader, capped per report).
    public var secondsRead: Int
    /// The page the session started on.
    public var startPage: Int
    /// The furthest page reached.
    public var furthestPage: Int
    /// How many distinct pages were on screen.
    public var pagesReached: Int
    /// How many lookups the learner made.
    public var lookupCount: Int
    /// How many words the learner marked (distinct).
    public var markCount: Int

    /// Creates a session.
    public init(
        id: UUID, userID: UUID, bookID: UUID?, bookTitle: String, startedAt: Date, lastActivityAt: Date,
        endedAt: Date? = nil, endReason: EndReason? = nil, secondsRead: Int = 0, startPage: Int, furthestPage: Int,
        pagesReached: Int = 1, lookupCount: Int = 0, markCount: Int = 0
    ) {
        self.id = id
        self.userID = userID
        self.bookID = bookID
        self.bookTitle = bookTitle
        self.startedAt = startedAt
        self.lastActivityAt = lastActivityAt
        self.endedAt = endedAt
        self.endReason = endReason
        self.secondsRead = secondsRead
        self.startPage = startPage
        self.furthestPage = furthestPage
        self.pagesReached = pagesReached
        self.lookupCount = lookupCount
        self.markCount = markCount
    }

    /// Why a session ended.
    public enum EndReason: String, Hashable, Sendable, Codable {
        /// The learner pressed End.
        case ended
        /// Nothing happened for longer than the inactivity timeout.
        case inactivity
    }

    /// Whether the session is still open.
    public var isActive: Bool { endedAt == nil }
}

/// The rules for starting, extending and ending reading sessions.
public struct ReadingSessionPolicy: Hashable, Sendable {
    /// A session with no activity for this long has ended.
    public var inactivityTimeout: TimeInterval
    /// The most active time one report may add (the reader reports every 30 s).
    public var maximumSecondsPerReport: Int

    /// Creates a policy.
    public init(inactivityTimeout: TimeInterval = 600, maximumSecondsPerReport: Int = 120) {
        self.inactivityTimeout = inactivityTimeout
        self.maximumSecondsPerReport = maximumSecondsPerReport
    }

    /// Whether `session` has timed out at `now`.
    public func hasTimedOut(_ session: ReadingSession, at now: Date) -> Bool {
        session.isActive && now.timeIntervalSince(session.lastActivityAt) > inactivityTimeout
    }

    /// When a timed-out session ended: its last activity (time after it was not reading).
    public func inactivityEnd(of session: ReadingSession) -> Date { session.lastActivityAt }

    /// Seconds a report may add: the reported value clamped to what the policy and the wall clock allow.
    public func creditedSeconds(reported: Int, since lastActivity: Date, now: Date) -> Int {
        let wall = max(0, Int(now.timeIntervalSince(lastActivity).rounded(.up)))
        return max(0, min(reported, maximumSecondsPerReport, wall))
    }
}

/// What the learner sees when a session ends (seed 000 §3.3's summary card).
public struct SessionSummary: Hashable, Sendable, Codable {
    /// The session.
    public var session: ReadingSession
    /// The words marked in the session, in the order they were marked.
    public var markedWords: [String]
    /// The words looked up in the session, most recent first, without repeats.
    public var lookedUpWords: [String]

    /// Creates a summary.
    public init(session: ReadingSession, markedWords: [String], lookedUpWords: [String]) {
        self.session = session
        self.markedWords = markedWords
        self.lookedUpWords = lookedUpWords
    }
}
