/// What the reader needs from an EPUB's package document (the OPF): metadata, manifest and spine.
struct PackageDocument {
    /// A manifest item.
    struct Item {
        /// The item's archive path, or nil when its link is not into the archive (a URL).
        var path: String?
        /// The declared media type, lowercased.
        var mediaType: String
        /// The `properties` attribute's words (`nav`, `cover-image`…).
        var properties: Set<String>
    }

    /// The first `dc:title`, whitespace collapsed; nil if there is none.
    var title: String?
    /// Every `dc:creator`, in order, whitespace collapsed.
    var creators: [String]
    /// The manifest items by identifier.
    var items: [String: Item]
    /// The identifiers of the spine's `itemref`s, in reading order.
    var spine: [String]
    /// The spine's `toc` attribute: the identifier of the EPUB 2 NCX.
    var ncxIdentifier: String?

    /// The archive path of the package document named by `META-INF/container.xml`.
    ///
    /// The first `rootfile` with the OPF media type wins, else the first `rootfile`.
    /// - Throws: `EPUBError.missingPackage` when there is none, `.unsafePath` when it leads outside
    ///   the archive.
    static func packagePath(inContainer container: String) throws(EPUBError) -> String {
        var fallback: String?
        for case .start(let name, let attributes, _) in MarkupScanner.tokens(in: container)
        where XHTMLText.localName(name) == "rootfile" {
            guard let fullPath = attributes["full-path"], !fullPath.isEmpty else { continue }
            if attributes["media-type"]?.lowercased() == "application/oebps-package+xml" {
                return try resolvedRootfile(fullPath)
            }
            if fallback == nil { fallback = fullPath }
        }
        guard let fallback else { throw .missingPackage }
        return try resolvedRootfile(fallback)
    }

    private static func resolvedRootfile(_ fullPath: String) throws(EPUBError) -> String {
        guard let path = try ArchivePath.resolve(fullPath, from: "") else { throw .missingPackage }
        return path
    }

    /// Reads the package document at `path`.
    ///
    /// - Throws: `EPUBError.unsafePath` for a manifest link leading outside the archive,
    ///   `.invalidPackage` when there is no spine.
    init(xml: String, path: String) throws(EPUBError) {
        var title: String?
        var creators: [String] = []
        var items: [String: Item] = [:]
        var spine: [String] = []
        var ncxIdentifier: String?
        var capture: (element: String, text: String)?
        var sawSpine = false

        for token in MarkupScanner.tokens(in: xml) {
            switch token {
            case .start(let qualifiedName, let attributes, let selfClosing):
                let name = XHTMLText.localName(qualifiedName)
                switch name {
                case "title", "creator":
                    if !selfClosing { capture = (name, "") }
                case "item":
                    guard let id = attributes["id"], let href = attributes["href"] else { continue }
                    let properties = Set((attributes["properties"] ?? "").split(separator: " ").map(String.init))
                    let item = Item(
                        path: try ArchivePath.resolve(href, from: path),
                        mediaType: (attributes["media-type"] ?? "").lowercased(), properties: properties)
                    if items[id] == nil { items[id] = item }
                case "itemref":
                    if let idref = attributes["idref"] { spine.append(idref) }
                case "spine":
                    sawSpine = true
                    ncxIdentifier = attributes["toc"]
                default:
                    break
                }
            case .text(let text):
                capture?.text += text
            case .end(let qualifiedName):
                let name = XHTMLText.localName(qualifiedName)
                guard let captured = capture, captured.element == name else { continue }
                let value = Self.collapsingWhitespace(captured.text)
                if !value.isEmpty {
                    if name == "title" && title == nil { title = value }
                    if name == "creator" { creators.append(value) }
                }
                capture = nil
            }
        }
        guard sawSpine else { throw .invalidPackage("it has no spine (reading order)") }
        self.title = title
        self.creators = creators
        self.items = items
        self.spine = spine
        self.ncxIdentifier = ncxIdentifier
    }

    /// The archive paths of the spine's text documents, in reading order, each once.
    ///
    /// Items that are not XHTML or HTML (images, SVG), point outside the archive or are missing from
    /// the manifest are left out.
    var readingOrder: [String] {
        var seen: Set<String> = []
        return spine.compactMap { identifier in
            guard let item = items[identifier], let path = item.path, Self.isTextDocument(item, path: path),
                seen.insert(path).inserted
            else { return nil }
            return path
        }
    }

    /// The archive path of the EPUB 3 navigation document, if there is one.
    var navigationPath: String? {
        items.values.first { $0.properties.contains("nav") }?.path
    }

    /// The archive path of the EPUB 2 NCX, if there is one.
    var ncxPath: String? {
        if let ncxIdentifier, let path = items[ncxIdentifier]?.path { return path }
        return items.values.first { $0.mediaType == "application/x-dtbncx+xml" }?.path
    }

    private static let textMediaTypes: Set<String> = [
        "application/xhtml+xml", "text/html", "application/xml", "text/x-oeb1-document",
    ]

    private static func isTextDocument(_ item: Item, path: String) -> Bool {
        if textMediaTypes.contains(item.mediaType) { return true }
        guard item.mediaType.isEmpty else { return false }
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".xhtml") || lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm")
    }

    /// `text` with runs of whitespace turned into one space and both ends trimmed.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
