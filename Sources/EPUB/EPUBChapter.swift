/// One document of an EPUB's reading order, as plain text.
public struct EPUBChapter: Sendable, Hashable {
    /// The title from the table of contents, or else the document's first h1–h3 heading.
    public var title: String?
    /// The text: one paragraph per line, markup removed and entities decoded (so it may contain `<`
    /// and `&` as literal characters; escape it when rendering).
    public var text: String

    /// Creates a chapter.
    public init(title: String?, text: String) {
        self.title = title
        self.text = text
    }
}
