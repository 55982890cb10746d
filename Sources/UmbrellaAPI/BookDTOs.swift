public import Foundation
public import Reading

/// A book as the API returns it.
public struct BookDTO: Codable, Hashable, Sendable {
    /// The identifier.
    public var id: UUID
    /// The title.
    public var title: String
    /// The author, if known.
    public var author: String?
    /// Where the book came from.
    public var source: BookSource
    /// The HSK level, if graded or listed.
    public var hskLevel: Int?
    /// The number of pages.
    public var pageCount: Int
    /// The number of characters.
    public var characterCount: Int
    /// Where the learner stopped reading.
    public var position: PositionDTO
    /// Reading progress, 0…1.
    public var progress: Double
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
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
    /// The page number, from 1.
    public var page: Int
    /// How far down the page, 0…1.
    public var fraction: Double

    /// Creates a position.
    public init(page: Int, fraction: Double) {
        self.page = page
        self.fraction = fraction
    }
}

/// `POST /api/v1/books`: a book from pasted text.
public struct CreateBookRequest: Codable, Hashable, Sendable {
    /// The title.
    public var title: String
    /// The author, if known.
    public var author: String?
    /// The text.
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
    /// Whether the book was deleted.
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
    /// The book.
    public var bookID: UUID
    /// The page number, from 1.
    public var number: Int
    /// The number of pages.
    public var pageCount: Int
    /// The chapter the page belongs to, if any.
    public var chapterTitle: String?
    /// The text.
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
    /// The text.
    public var text: String
    /// The word.
    public var word: Bool
    /// Where the token starts in the page text, in UTF-16 code units.
    public var start: Int
    /// The reading with tone marks.
    public var pinyin: String?
    /// The HSK level, if graded or listed.
    public var hskLevel: Int?
    /// Whether the dictionary has an entry for the word.
    public var hasEntry: Bool?
    /// Whether the learner has the word marked.
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
