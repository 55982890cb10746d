public import Foundation
public import Reading

/// `POST /api/v1/sessions`: start reading a book.
public struct StartSessionRequest: Codable, Hashable, Sendable {
    /// The book.
    public var bookID: UUID
    /// The page the reader opened on.
    public var page: Int?

    /// Creates a request.
    public init(bookID: UUID, page: Int?) {
        self.bookID = bookID
        self.page = page
    }
}

/// `POST /api/v1/sessions/{id}/activity`: the reader is still reading.
public struct SessionActivityRequest: Codable, Hashable, Sendable {
    /// The page on screen.
    public var page: Int?
    /// Seconds of activity since the last report.
    public var activeSeconds: Int

    /// Creates a report.
    public init(page: Int?, activeSeconds: Int) {
        self.page = page
        self.activeSeconds = activeSeconds
    }
}

/// `POST /api/v1/sessions/{id}/end`.
public struct EndSessionRequest: Codable, Hashable, Sendable {
    /// Why the session ends (`ended` by default).
    public var reason: ReadingSession.EndReason?

    /// Creates a request.
    public init(reason: ReadingSession.EndReason?) {
        self.reason = reason
    }
}

/// A reading session with its summary (seed 000 §3.3's card).
public struct SessionDTO: Codable, Hashable, Sendable {
    /// The session's identifier.
    public var id: UUID
    /// The book, nil if deleted.
    public var bookID: UUID?
    /// The book's title.
    public var bookTitle: String
    /// When reading started.
    public var startedAt: Date
    /// When it ended, if it has.
    public var endedAt: Date?
    /// Why it ended.
    public var endReason: ReadingSession.EndReason?
    /// Whether it is still open.
    public var active: Bool
    /// Active reading time.
    public var secondsRead: Int
    /// First page.
    public var startPage: Int
    /// Furthest page reached.
    public var furthestPage: Int
    /// Distinct pages on screen.
    public var pagesReached: Int
    /// Lookups made.
    public var lookupCount: Int
    /// Words marked.
    public var markCount: Int
    /// The words marked, in order (only in summaries).
    public var markedWords: [String]?
    /// The words looked up, most recent first (only in summaries).
    public var lookedUpWords: [String]?

    /// Creates the DTO of a session, with the summary lists when given.
    public init(_ session: ReadingSession, summary: SessionSummary? = nil) {
        id = session.id
        bookID = session.bookID
        bookTitle = session.bookTitle
        startedAt = session.startedAt
        endedAt = session.endedAt
        endReason = session.endReason
        active = session.isActive
        secondsRead = session.secondsRead
        startPage = session.startPage
        furthestPage = session.furthestPage
        pagesReached = session.pagesReached
        lookupCount = session.lookupCount
        markCount = session.markCount
        markedWords = summary?.markedWords
        lookedUpWords = summary?.lookedUpWords
    }
}

/// `{"error": code, "reason": message}`: every API error.
public struct ErrorDTO: Codable, Hashable, Sendable {
    /// A stable machine-readable code (`bookNotFound`, `pageOutOfRange`, …).
    public var error: String
    /// A sentence for the learner.
    public var reason: String

    /// Creates an error body.
    public init(error: String, reason: String) {
        self.error = error
        self.reason = reason
    }
}
