import EPUB
import Foundation
import Reading

/// Turns pasted text or an uploaded file into a book draft: decodes, extracts and splits into pages.
struct BookImporter: Sendable {
    var splitter = PageSplitter()

    /// A draft from pasted text.
    func draft(title: String, author: String?, text: String) throws -> BookDraft {
        let title = try BookRules.validatedTitle(title)
        let author = try BookRules.validatedAuthor(author)
        guard !text.allSatisfy(\.isWhitespace) else { throw ReadingError.emptyText }
        guard text.unicodeScalars.count <= BookRules.maximumTextLength else {
            throw ReadingError.textTooLong(limit: BookRules.maximumTextLength)
        }
        let pages = splitter.split(text.replacingOccurrences(of: "\r\n", with: "\n"))
        let draft = BookDraft(title: title, author: author, source: .pasted, pages: pages)
        try BookRules.validate(draft)
        return draft
    }

    /// A draft from an uploaded `.txt` or `.epub` file. An empty title falls back to the EPUB's
    /// title or the file name.
    func draft(title: String?, author: String?, fileName: String, data: Data) throws -> BookDraft {
        let baseName = Self.baseName(of: fileName)
        let fileExtension = (baseName as NSString).pathExtension.lowercased()
        let isZip = data.starts(with: [0x50, 0x4B, 0x03, 0x04])
        let stem = (baseName as NSString).deletingPathExtension
        if fileExtension == "epub" || (isZip && fileExtension != "txt") {
            let book = try EPUBBook.read(data)
            let chapters = book.chapters.map { Chapter(title: $0.title, text: $0.text) }
            let draft = BookDraft(
                title: try BookRules.validatedTitle(Self.firstNonEmpty(title, book.title, stem, "Untitled")),
                author: try BookRules.validatedAuthor(Self.firstNonEmpty(author, book.author)),
                source: .epub, pages: splitter.split(chapters: chapters))
            try BookRules.validate(draft)
            return draft
        }
        guard ["txt", "text", ""].contains(fileExtension) else { throw UploadError.unsupportedType(baseName) }
        let text = try TextDecoder.decode(data)
        guard text.unicodeScalars.count <= BookRules.maximumTextLength else {
            throw ReadingError.textTooLong(limit: BookRules.maximumTextLength)
        }
        let draft = BookDraft(
            title: try BookRules.validatedTitle(Self.firstNonEmpty(title, stem, "Untitled")),
            author: try BookRules.validatedAuthor(author), source: .textFile, pages: splitter.split(text))
        try BookRules.validate(draft)
        return draft
    }

    /// The last path component of a client-supplied file name, whatever separators it used.
    static func baseName(of fileName: String) -> String {
        let last = fileName.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        return last.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func firstNonEmpty(_ candidates: String?...) -> String {
        candidates.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
    }
}
