/// A chapter of imported text: an optional title and its plain text, paragraphs separated by line breaks.
public struct Chapter: Hashable, Sendable {
    /// The chapter's title, if the source had one (from an EPUB's table of contents, say).
    public var title: String?
    /// The chapter's text; line breaks separate paragraphs.
    public var text: String

    /// Creates a chapter.
    public init(title: String? = nil, text: String) {
        self.title = title
        self.text = text
    }
}
