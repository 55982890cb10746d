public import Foundation

/// A word a learner marked as difficult, with where and how often.
///
/// A learner has at most one mark per word. Marking again increments `markCount`; unmarking keeps
/// the record (with `isMarked` false) so history and counts survive.
public struct WordMark: Hashable, Sendable, Codable {
    /// The learner.
    public var userID: UUID
    /// The word, as it appears in the text.
    public var word: String
    /// Whether the word is currently marked.
    public var isMarked: Bool
    /// How many times the learner has marked it.
    public var markCount: Int
    /// The book it was last marked in; nil once that book is deleted.
    public var bookID: UUID?
    /// The title of that book, kept when the book is deleted.
    public var bookTitle: String?
    /// The page it was last marked on.
    public var pageNumber: Int?
    /// The sentence around the word when it was last marked.
    public var sentence: String?
    /// When it was first marked.
    public var firstMarkedAt: Date
    /// When it was last marked or unmarked.
    public var updatedAt: Date

    /// Creates a mark.
    public init(
        userID: UUID, word: String, isMarked: Bool, markCount: Int, bookID: UUID?, bookTitle: String?,
        pageNumber: Int?, sentence: String?, firstMarkedAt: Date, updatedAt: Date
    ) {
        self.userID = userID
        self.word = word
        self.isMarked = isMarked
        self.markCount = markCount
        self.bookID = bookID
        self.bookTitle = bookTitle
        self.pageNumber = pageNumber
        self.sentence = sentence
        self.firstMarkedAt = firstMarkedAt
        self.updatedAt = updatedAt
    }
}

/// One mark or unmark a learner made, identified by the client so a retried request is applied once.
public struct MarkChange: Hashable, Sendable, Codable {
    /// The client's identifier for this change; a second change with the same identifier is a duplicate.
    public var eventID: UUID
    /// The word.
    public var word: String
    /// True to mark, false to unmark.
    public var marked: Bool
    /// The book the learner was reading.
    public var bookID: UUID?
    /// The page.
    public var pageNumber: Int?
    /// The sentence around the word.
    public var sentence: String?
    /// The reading session it happened in.
    public var sessionID: UUID?
    /// When the learner made the change (the client's clock; the server clamps it to now).
    public var occurredAt: Date

    /// Creates a change.
    public init(
        eventID: UUID, word: String, marked: Bool, bookID: UUID?, pageNumber: Int?, sentence: String?,
        sessionID: UUID?, occurredAt: Date
    ) {
        self.eventID = eventID
        self.word = word
        self.marked = marked
        self.bookID = bookID
        self.pageNumber = pageNumber
        self.sentence = sentence
        self.sessionID = sessionID
        self.occurredAt = occurredAt
    }
}

/// What applying a `MarkChange` did.
public enum MarkChangeOutcome: String, Hashable, Sendable, Codable {
    /// The change was recorded.
    case applied
    /// A change with the same event identifier was recorded before; nothing changed.
    case duplicate
    /// The change happened before the word's last recorded change (an old offline change arriving
    /// late): it is kept in the history but does not undo the newer state.
    case superseded
}
