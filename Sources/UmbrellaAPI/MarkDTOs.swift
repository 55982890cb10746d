public import Foundation
public import Reading

/// A marked word as the API returns it.
public struct MarkDTO: Codable, Hashable, Sendable {
    public var word: String
    public var marked: Bool
    public var markCount: Int
    public var bookID: UUID?
    public var bookTitle: String?
    public var page: Int?
    public var sentence: String?
    public var firstMarkedAt: Date?
    public var updatedAt: Date?
    /// Whether this request changed anything (`applied`) or repeated an earlier one (`duplicate`).
    public var outcome: MarkChangeOutcome?

    /// Creates the DTO of a mark; `word` is used when the word was never marked.
    public init(_ mark: WordMark?, word: String, outcome: MarkChangeOutcome? = nil) {
        self.word = mark?.word ?? word
        marked = mark?.isMarked ?? false
        markCount = mark?.markCount ?? 0
        bookID = mark?.bookID
        bookTitle = mark?.bookTitle
        page = mark?.pageNumber
        sentence = mark?.sentence
        firstMarkedAt = mark?.firstMarkedAt
        updatedAt = mark?.updatedAt
        self.outcome = outcome
    }
}

/// `POST /api/v1/marks` and `DELETE /api/v1/marks/{word}` bodies.
public struct MarkRequest: Codable, Hashable, Sendable {
    /// The client's identifier for this change, so a retry is applied once.
    public var eventID: UUID
    public var word: String?
    public var bookID: UUID?
    public var page: Int?
    public var sentence: String?
    public var sessionID: UUID?
    /// When the learner made the change, if not now (queued offline).
    public var timestamp: Date?

    /// Creates a request.
    public init(
        eventID: UUID, word: String?, bookID: UUID? = nil, page: Int? = nil, sentence: String? = nil,
        sessionID: UUID? = nil, timestamp: Date? = nil
    ) {
        self.eventID = eventID
        self.word = word
        self.bookID = bookID
        self.page = page
        self.sentence = sentence
        self.sessionID = sessionID
        self.timestamp = timestamp
    }
}

/// `POST /api/v1/marked-words/batch` (seed 000 §8).
public struct MarkBatchRequest: Codable, Hashable, Sendable {
    public var userId: UUID?
    public var changes: [Change]

    /// One queued change.
    public struct Change: Codable, Hashable, Sendable {
        public var eventID: UUID
        public var word: String
        public var bookId: UUID?
        public var page: Int?
        public var sentence: String?
        public var sessionID: UUID?
        public var marked: Bool
        public var timestamp: Date?

        /// Creates a change.
        public init(
            eventID: UUID, word: String, bookId: UUID?, page: Int?, sentence: String?, sessionID: UUID?,
            marked: Bool, timestamp: Date?
        ) {
            self.eventID = eventID
            self.word = word
            self.bookId = bookId
            self.page = page
            self.sentence = sentence
            self.sessionID = sessionID
            self.marked = marked
            self.timestamp = timestamp
        }
    }

    /// Creates a batch.
    public init(userId: UUID? = nil, changes: [Change]) {
        self.userId = userId
        self.changes = changes
    }
}

/// The answer to a batch: counts (seed 000 §8) plus the outcome of each change.
public struct MarkBatchResponse: Codable, Hashable, Sendable {
    public var synced: Int
    public var failed: Int
    public var lastSyncAt: Date
    public var results: [Result]

    /// The outcome of one change.
    public struct Result: Codable, Hashable, Sendable {
        public var eventID: UUID
        /// `applied`, `duplicate` or `failed`.
        public var status: String
        public var reason: String?

        /// Creates a result.
        public init(eventID: UUID, status: String, reason: String?) {
            self.eventID = eventID
            self.status = status
            self.reason = reason
        }
    }

    /// Creates a response.
    public init(synced: Int, failed: Int, lastSyncAt: Date, results: [Result]) {
        self.synced = synced
        self.failed = failed
        self.lastSyncAt = lastSyncAt
        self.results = results
    }
}
