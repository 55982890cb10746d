public import Foundation

/// One page of a book: its text and, for scanned pages, where the text came from.
public struct BookPage: Hashable, Sendable, Codable {
    /// The book the page belongs to.
    public var bookID: UUID
    /// The page number, from 1.
    public var number: Int
    /// The page's text. Line breaks separate paragraphs.
    public var text: String
    /// The chapter the page starts or continues, if the source had chapters.
    public var chapterTitle: String?
    /// For scanned pages: the stored photo, relative to the data directory.
    public var imagePath: String?
    /// For scanned pages: the recognised lines with their confidence.
    public var recognizedLines: [RecognizedLineConfidence]

    /// Creates a page.
    public init(
        bookID: UUID, number: Int, text: String, chapterTitle: String? = nil, imagePath: String? = nil,
        recognizedLines: [RecognizedLineConfidence] = []
    ) {
        self.bookID = bookID
        self.number = number
        self.text = text
        self.chapterTitle = chapterTitle
        self.imagePath = imagePath
        self.recognizedLines = recognizedLines
    }
}

/// A line that text recognition produced, with how sure it was.
public struct RecognizedLineConfidence: Hashable, Sendable, Codable {
    /// The recognised text of the line.
    public var text: String
    /// The recogniser's confidence, 0...1.
    public var confidence: Double

    /// Creates a line.
    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// A book ready to be stored: metadata and page texts, before it has an identifier.
public struct BookDraft: Hashable, Sendable {
    /// The title.
    public var title: String
    /// The author, if known.
    public var author: String?
    /// Where the text came from.
    public var source: BookSource
    /// For graded readers: their HSK level.
    public var hskLevel: Int?
    /// The pages in order.
    public var pages: [PageDraft]

    /// Creates a draft.
    public init(title: String, author: String? = nil, source: BookSource, hskLevel: Int? = nil, pages: [PageDraft]) {
        self.title = title
        self.author = author
        self.source = source
        self.hskLevel = hskLevel
        self.pages = pages
    }
}

/// A page of a `BookDraft`.
public struct PageDraft: Hashable, Sendable {
    /// The page's text.
    public var text: String
    /// The chapter the page belongs to, if any.
    public var chapterTitle: String?
    /// For scanned pages: the stored photo.
    public var imagePath: String?
    /// For scanned pages: recognised lines with confidence.
    public var recognizedLines: [RecognizedLineConfidence]

    /// Creates a page draft.
    public init(
        text: String, chapterTitle: String? = nil, imagePath: String? = nil,
        recognizedLines: [RecognizedLineConfidence] = []
    ) {
        self.text = text
        self.chapterTitle = chapterTitle
        self.imagePath = imagePath
        self.recognizedLines = recognizedLines
    }
}
