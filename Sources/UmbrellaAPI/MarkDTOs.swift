public import Foundation
public import Reading

/// A marked word as the API returns it.
public struct MarkDTO: Codable, Hashable, Sendable {
    /// The word.
    public var word: String
    /// Whether the learner has the word marked.
    public var marked: Bool
    /// How many times the learner marked the word.
    public var markCount: Int
    /// The book.
    public var bookID: UUID?
    /// The book's title, kept when the book is deleted.
    public var bookTitle: String?
    /// The page number, from 1.
    public var page: Int?
    /// The sentence around the word.
    public var sentence: String?
    /// When the word was first marked.
    public var firstMarkedAt: Date?
    /// When it last changed.
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
    /// The word.
    public var word: String?
    /// The book.
    public var bookID: UUID?
    /// The page number, from 1.
    public var page: Int?
    /// The sentence around the word.
    public var sentence: String?
    /// The reading session it happened in.
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
    /// The client's clock when it sent the batch; the server shifts every `timestamp` by the
    /// difference from its own clock, so a device whose clock is wrong still orders its changes
    /// correctly against others.
    public var sentAt: Date?
    /// The user (ignored: the server knows its user).
    public var userId: UUID?
    /// The queued changes, oldest first.
    public var changes: [Change]

    /// One queued change.
    public struct Change: Codable, Hashable, Sendable {
        /// The client's identifier for this change; a repeat is applied once.
        public var eventID: UUID
        /// The word.
        public var word: String
        /// The book.
        public var bookId: UUID?
        /// The page number, from 1.
        public var page: Int?
        /// The sentence around the word.
        public var sentence: String?
        /// The reading session it happened in.
        public var sessionID: UUID?
        /// Whether the learner has the word marked.
        public var marked: Bool
        /// When the learner made the change.
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
    public init(userId: UUID? = nil, sentAt: Date? = nil, changes: [Change]) {
        self.userId = userId
        self.sentAt = sentAt
        self.changes = changes
    }
}

/// The answer to a batch: counts (seed 000 §8) plus the outcome of each change.
public struct MarkBatchResponse: Codable, Hashable, Sendable {
    /// Changes applied or already applied.
    public var synced: Int
    /// Changes refused.
    public var failed: Int
    /// When the server processed the batch.
    public var lastSyncAt: Date
    /// The outcome of each change, in order.
    public var results: [Result]

    /// The outcome of one change.
    public struct Result: Codable, Hashable, Sendable {
        /// The client's identifier for this change; a repeat is applied once.
        public var eventID: UUID
        /// `applied`, `duplicate` or `failed`.
        public var status: String
        /// Why a change failed.
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
