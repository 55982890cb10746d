public import Foundation
public import Reading

/// A book as the API returns it.
public struct BookDTO: Codable, Hashable, Sendable {
    public var id: UUID
    public var title: String
    public var author: String?
    public var source: BookSource
    public var hskLevel: Int?
    public var pageCount: Int
    public var characterCount: Int
    public var position: PositionDTO
    public var progress: Double
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates the DTO of a book.
    public init(_ book: Book) {
        id = book.id
        title = book.title
        author = book.author
        source = book.source
        hskLevel = book.hskLevel
        pageCount = book.pageCount
        characterCount = book.characterCount
        position = PositionDTO(page: book.position.page, fraction: book.position.fraction)
        progress = book.progress
        createdAt = book.createdAt
        updatedAt = book.updatedAt
    }
}

/// A reading position: page (from 1) and fraction of the page (0…1).
public struct PositionDTO: Codable, Hashable, Sendable {
    public var page: Int
    public var fraction: Double

    /// Creates a position.
    public init(page: Int, fraction: Double) {
        self.page = page
        self.fraction = fraction
    }
}

/// `POST /api/v1/books`: a book from pasted text.
public struct CreateBookRequest: Codable, Hashable, Sendable {
    public var title: String
    public var author: String?
    public var text: String

    /// Creates a request.
    public init(title: String, author: String? = nil, text: String) {
        self.title = title
        self.author = author
        self.text = text
    }
}

/// `DELETE /api/v1/books/{id}`: what was deleted and what was kept.
public struct DeleteBookResponse: Codable, Hashable, Sendable {
    public var deleted: Bool
    /// Marked words from this book, which stay in the word list.
    public var markedWordsKept: Int

    /// Creates a response.
    public init(deleted: Bool, markedWordsKept: Int) {
        self.deleted = deleted
        self.markedWordsKept = markedWordsKept
    }
}

/// A page with its words, readings and marks.
public struct PageDTO: Codable, Hashable, Sendable {
    public var bookID: UUID
    public var number: Int
    public var pageCount: Int
    public var chapterTitle: String?
    public var text: String
    /// Whether segmentation failed and every character is its own token.
    public var characterFallback: Bool
    /// Paragraphs of tokens; concatenated, each paragraph's tokens give its text back.
    public var paragraphs: [[TokenDTO]]

    /// Creates a page DTO.
    public init(
        bookID: UUID, number: Int, pageCount: Int, chapterTitle: String?, text: String, characterFallback: Bool,
        paragraphs: [[TokenDTO]]
    ) {
        self.bookID = bookID
        self.number = number
        self.pageCount = pageCount
        self.chapterTitle = chapterTitle
        self.text = text
        self.characterFallback = characterFallback
        self.paragraphs = paragraphs
    }
}

/// One token of a page: `word` tokens are tappable.
public struct TokenDTO: Codable, Hashable, Sendable {
    public var text: String
    public var word: Bool
    public var start: Int
    public var pinyin: String?
    public var hskLevel: Int?
    public var hasEntry: Bool?
    public var marked: Bool?

    /// Creates a token.
    public init(
        text: String, word: Bool, start: Int, pinyin: String?, hskLevel: Int?, hasEntry: Bool?, marked: Bool?
    ) {
        self.text = text
        self.word = word
        self.start = start
        self.pinyin = pinyin
        self.hskLevel = hskLevel
        self.hasEntry = hasEntry
        self.marked = marked
    }
}
