public import Foundation

/// What can go wrong reading, marking and managing books, in terms a learner can act on.
public enum ReadingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No book with that identifier belongs to the learner.
    case bookNotFound
    /// The page number is outside the book.
    case pageOutOfRange(page: Int, pageCount: Int)
    /// No session with that identifier belongs to the learner.
    case sessionNotFound
    /// The session has ended; start a new one.
    case sessionEnded
    /// The word to mark or look up is empty, too long, or not a word.
    case invalidWord(String)
    /// A book needs a title.
    case titleMissing
    /// The title is longer than the limit.
    case titleTooLong(limit: Int)
    /// The author is longer than the limit.
    case authorTooLong(limit: Int)
    /// There is no text to make pages from.
    case emptyText
    /// The text is longer than the limit.
    case textTooLong(limit: Int)
    /// An import failed for a reason the importer explains.
    case importFailed(String)

    /// A sentence a learner can read.
    public var description: String {
        switch self {
        case .bookNotFound: "That book is not in your library."
        case .pageOutOfRange(let page, let count): "Page \(page) does not exist; the book has \(count) pages."
        case .sessionNotFound: "That reading session does not exist."
        case .sessionEnded: "That reading session has ended; start a new one."
        case .invalidWord(let reason): reason
        case .titleMissing: "Please give the book a title."
        case .titleTooLong(let limit): "The title is too long (at most \(limit) characters)."
        case .authorTooLong(let limit): "The author is too long (at most \(limit) characters)."
        case .emptyText: "There is no text to read. Paste some text or choose a file."
        case .textTooLong(let limit): "The text is too long (at most \(limit) characters per book)."
        case .importFailed(let reason): reason
        }
    }
}
