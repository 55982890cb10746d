public import Foundation

/// An EPUB's metadata and its text, chapter by chapter, read safely from the file's bytes.
public struct EPUBBook: Sendable {
    /// The first `dc:title`, if the book has one.
    public var title: String?
    /// The `dc:creator`s joined with ", ", if the book names any.
    public var author: String?
    /// The text documents of the reading order (the spine) that have text, in order.
    public var chapters: [EPUBChapter]

    /// Creates a book.
    public init(title: String?, author: String?, chapters: [EPUBChapter]) {
        self.title = title
        self.author = author
        self.chapters = chapters
    }

    /// Reads an EPUB (2 or 3) from its bytes, in memory.
    ///
    /// `META-INF/container.xml` leads to the package document; its spine gives the reading order;
    /// each XHTML document becomes a chapter of plain text (see `EPUBChapter`), titled from the
    /// navigation document or NCX, or else by its first h1–h3. Documents without text (a cover
    /// image) are left out. Nothing is written to disk, no DTD or external resource is read, and
    /// every limit in `limits` is enforced before and during extraction.
    ///
    /// - Throws: `EPUBError`: `.notZip`, `.missingContainer`, `.missingPackage`, `.invalidPackage`,
    ///   `.encrypted`, `.noText`; the safety refusals `.unsafePath`, `.tooManyEntries`, `.tooLarge`,
    ///   `.compressionRatio`, `.declaredSizeExceeded`; and `.damagedEntry` or
    ///   `.unsupportedCompression` for an entry that cannot be extracted.
    public static func read(_ data: Data, limits: EPUBLimits = .init()) throws(EPUBError) -> EPUBBook {
        var archive = try EPUBArchive(data: data, limits: limits)
        guard let container = try archive.contents(of: "META-INF/container.xml") else { throw .missingContainer }
        let packagePath = try PackageDocument.packagePath(inContainer: DocumentEncoding.text(of: container))
        guard let packageData = try archive.contents(of: packagePath) else { throw .missingPackage }
        let package = try PackageDocument(xml: DocumentEncoding.text(of: packageData), path: packagePath)
        let readingOrder = package.readingOrder.compactMap(archive.existingPath)
        try rejectEncryptedText(in: &archive, readingOrder: readingOrder)
        let contents = try tableOfContents(of: package, in: &archive)

        var chapters: [EPUBChapter] = []
        for path in readingOrder {
            guard let document = try archive.contents(of: path) else { continue }
            let extracted = XHTMLText(document: DocumentEncoding.text(of: document))
            guard !extracted.text.isEmpty else { continue }
            chapters.append(EPUBChapter(title: contents.titles[path] ?? extracted.firstHeading, text: extracted.text))
        }
        guard !chapters.isEmpty else { throw .noText }
        let author = package.creators.isEmpty ? nil : package.creators.joined(separator: ", ")
        return EPUBBook(title: package.title, author: author, chapters: chapters)
    }

    /// The titles from the navigation document, or else the NCX; empty when neither has any.
    private static func tableOfContents(
        of package: PackageDocument, in archive: inout EPUBArchive
    ) throws(EPUBError) -> TableOfContents {
        if let path = package.navigationPath.flatMap(archive.existingPath),
            let data = try archive.contents(of: path)
        {
            let contents = TableOfContents(navigation: DocumentEncoding.text(of: data), path: path)
            if !contents.titles.isEmpty { return contents }
        }
        if let path = package.ncxPath.flatMap(archive.existingPath), let data = try archive.contents(of: path) {
            return TableOfContents(ncx: DocumentEncoding.text(of: data), path: path)
        }
        return TableOfContents()
    }

    /// Throws `.encrypted` when `META-INF/encryption.xml` lists a document of the reading order.
    ///
    /// Fonts obfuscated under the IDPF or Adobe schemes are listed there too and do not matter here.
    private static func rejectEncryptedText(
        in archive: inout EPUBArchive, readingOrder: [String]
    ) throws(EPUBError) {
        guard let data = try archive.contents(of: "META-INF/encryption.xml") else { return }
        let documents = Set(readingOrder.map { $0.lowercased() })
        for case .start(let name, let attributes, _) in MarkupScanner.tokens(in: DocumentEncoding.text(of: data))
        where XHTMLText.localName(name) == "cipherreference" {
            guard let uri = attributes["uri"], let path = try? ArchivePath.resolve(uri, from: "") else { continue }
            if documents.contains(path.lowercased()) { throw .encrypted }
        }
    }
}
