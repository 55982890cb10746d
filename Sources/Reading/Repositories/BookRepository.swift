public import Foundation

/// Stores a learner's books and pages. Every method is scoped to one user; another user's book is
/// `ReadingError.bookNotFound`.
public protocol BookRepository: Sendable {
    /// The user's books, most recently read or added first.
    func books(of userID: UUID) async throws -> [Book]
    /// One book, or `ReadingError.bookNotFound`.
    func book(_ bookID: UUID, of userID: UUID) async throws -> Book
    /// Pages `range` of a book (clamped to the book), in order.
    func pages(_ range: ClosedRange<Int>, of bookID: UUID, userID: UUID) async throws -> [BookPage]
    /// The character count of every page, in order (for sizing pages not yet loaded).
    func pageLengths(of bookID: UUID, userID: UUID) async throws -> [Int]
    /// Stores a book and all its pages in one transaction, or nothing.
    func add(_ draft: BookDraft, for userID: UUID, at date: Date) async throws -> Book
    /// Deletes a book and its pages; marks made in it stay. Returns how many marked words came from it.
    func delete(_ bookID: UUID, of userID: UUID) async throws -> Int
    /// Puts a page in at `number` (from 1; `pageCount + 1` appends), moving later pages up one.
    func insertPage(_ page: PageDraft, at number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws
    /// Replaces page `number`'s text (a correction); the page is segmented again when next read.
    func replacePage(_ number: Int, with page: PageDraft, of bookID: UUID, userID: UUID, at date: Date) async throws
    /// Takes page `number` out, moving later pages down one.
    func removePage(_ number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws
    /// Saves where the learner is in a book.
    func savePosition(_ position: ReadingPosition, of bookID: UUID, userID: UUID, at date: Date) async throws
}

extension BookRepository {
    /// One page, or `ReadingError.pageOutOfRange`.
    public func page(_ number: Int, of bookID: UUID, userID: UUID) async throws -> BookPage {
        let book = try await book(bookID, of: userID)
        guard (1...max(1, book.pageCount)).contains(number), book.pageCount > 0 else {
            throw ReadingError.pageOutOfRange(page: number, pageCount: book.pageCount)
        }
        guard let page = try await pages(number...number, of: bookID, userID: userID).first else {
            throw ReadingError.pageOutOfRange(page: number, pageCount: book.pageCount)
        }
        return page
    }
}
