public import Foundation

/// A book in a learner's library: its metadata, not its pages.
public struct Book: Hashable, Sendable, Codable, Identifiable {
    /// The book's identifier.
    public var id: UUID
    /// The owner.
    public var ownerID: UUID
    /// The title as the learner gave it (plain text; escape it when rendering).
    public var title: String
    /// The author, if known.
    public var author: String?
    /// Where the book came from.
    public var source: BookSource
    /// For graded readers: the HSK level they are written for.
    public var hskLevel: Int?
    /// The number of pages.
    public var pageCount: Int
    /// The number of characters over all pages.
    public var characterCount: Int
    /// When the book was added.
    public var createdAt: Date
    /// When the book or its reading position last changed.
    public var updatedAt: Date
    /// Where the learner stopped reading.
    public var position: ReadingPosition

    /// Creates a book.
    public init(
        id: UUID, ownerID: UUID, title: String, author: String?, source: BookSource, hskLevel: Int?, pageCount: Int,
        characterCount: Int, createdAt: Date, updatedAt: Date, position: ReadingPosition = .start
    ) {
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.author = author
        self.source = source
        self.hskLevel = hskLevel
        self.pageCount = pageCount
        self.characterCount = characterCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.position = position
    }

    /// Reading progress through the book, 0...1.
    public var progress: Double {
        guard pageCount > 0 else { return 0 }
        let read = Double(position.page - 1) + position.fraction
        return min(1, max(0, read / Double(pageCount)))
    }
}

/// Where a book's text came from.
public enum BookSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// A graded reader built from the bundled sentences.
    case starter
    /// Text pasted into the app.
    case pasted
    /// An uploaded plain-text file.
    case textFile
    /// An uploaded EPUB.
    case epub
    /// Photographed pages read by OCR.
    case scan
}

/// A place in a book: a page and how far down it the reader is.
public struct ReadingPosition: Hashable, Sendable, Codable {
    /// The page, from 1.
    public var page: Int
    /// How far down the page, 0...1.
    public var fraction: Double

    /// Creates a position; the fraction is clamped to 0...1.
    public init(page: Int, fraction: Double) {
        self.page = max(1, page)
        self.fraction = fraction.isFinite ? min(1, max(0, fraction)) : 0
    }

    /// The top of the first page.
    public static let start = ReadingPosition(page: 1, fraction: 0)
}
