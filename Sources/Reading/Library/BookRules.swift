/// The limits a new book must respect, checked before anything is written.
public enum BookRules {
    /// The longest title, in Unicode scalars (so combining marks count and a title cannot hide
    /// megabytes inside one visible character).
    public static let maximumTitleLength = 200
    /// The longest author name, in Unicode scalars.
    public static let maximumAuthorLength = 200
    /// The most characters a book may have (about 4,000 pages).
    public static let maximumTextLength = 2_000_000

    /// The title trimmed, with control characters removed, or an error.
    public static func validatedTitle(_ title: String) throws(ReadingError) -> String {
        let cleaned = clean(title)
        guard !cleaned.isEmpty else { throw .titleMissing }
        guard cleaned.unicodeScalars.count <= maximumTitleLength else {
            throw .titleTooLong(limit: maximumTitleLength)
        }
        return cleaned
    }

    /// The author trimmed (nil if empty), or an error.
    public static func validatedAuthor(_ author: String?) throws(ReadingError) -> String? {
        guard let author else { return nil }
        let cleaned = clean(author)
        guard !cleaned.isEmpty else { return nil }
        guard cleaned.unicodeScalars.count <= maximumAuthorLength else {
            throw .authorTooLong(limit: maximumAuthorLength)
        }
        return cleaned
    }

    /// Checks that a draft has pages with text and is within the size limit.
    public static func validate(_ draft: BookDraft) throws(ReadingError) {
        let pages = draft.pages.filter { !$0.text.allSatisfy(\.isWhitespace) }
        guard !pages.isEmpty else { throw .emptyText }
        let length = draft.pages.reduce(0) { $0 + $1.text.unicodeScalars.count }
        guard length <= maximumTextLength else { throw .textTooLong(limit: maximumTextLength) }
    }

    /// One line of text: whitespace runs collapsed, control characters dropped.
    static func clean(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Character in
            scalar.properties.generalCategory == .control || scalar.properties.isWhitespace ? " " : Character(scalar)
        }
        return String(scalars).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
