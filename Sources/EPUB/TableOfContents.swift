/// Chapter titles from an EPUB's table of contents: the EPUB 3 navigation document or the EPUB 2 NCX.
///
/// Each document gets the first title that links to it (fragments ignored). Links that lead outside
/// the archive or to other sites are ignored: the table of contents only names chapters.
struct TableOfContents {
    /// The title of each linked document, by archive path.
    private(set) var titles: [String: String] = [:]

    /// An empty table of contents.
    init() {}

    /// Reads an EPUB 3 navigation document at `path`: the links of its `toc` nav (or of its first nav).
    init(navigation xhtml: String, path: String) {
        let tokens = MarkupScanner.tokens(in: xhtml)
        let hasTOCNav = tokens.contains { token in
            guard case .start(let name, let attributes, _) = token, XHTMLText.localName(name) == "nav" else {
                return false
            }
            return Self.isTOC(attributes)
        }
        var navDepth = 0
        var inChosenNav = false
        var chosenNavDone = false
        var link: (href: String, text: String)?
        for token in tokens {
            switch token {
            case .start(let qualifiedName, let attributes, let selfClosing):
                let name = XHTMLText.localName(qualifiedName)
                if name == "nav" && !selfClosing {
                    navDepth += 1
                    if navDepth == 1 && !chosenNavDone && (!hasTOCNav || Self.isTOC(attributes)) { inChosenNav = true }
                } else if name == "a", inChosenNav, !selfClosing, let href = attributes["href"] {
                    link = (href, "")
                }
            case .text(let text):
                link?.text += text
            case .end(let qualifiedName):
                let name = XHTMLText.localName(qualifiedName)
                if name == "a", let finished = link {
                    add(title: finished.text, href: finished.href, from: path)
                    link = nil
                } else if name == "nav" && navDepth > 0 {
                    navDepth -= 1
                    if navDepth == 0 && inChosenNav {
                        inChosenNav = false
                        chosenNavDone = true
                    }
                }
            }
        }
    }

    /// Reads an EPUB 2 NCX at `path`: each `navPoint`'s label and content link, in document order.
    init(ncx xml: String, path: String) {
        var label: String?
        var capturing = false
        for token in MarkupScanner.tokens(in: xml) {
            switch token {
            case .start(let qualifiedName, let attributes, let selfClosing):
                switch XHTMLText.localName(qualifiedName) {
                case "navlabel":
                    if !selfClosing {
                        capturing = true
                        label = ""
                    }
                case "content":
                    if let label, let source = attributes["src"] { add(title: label, href: source, from: path) }
                    label = nil
                default:
                    break
                }
            case .text(let text):
                if capturing { label? += text }
            case .end(let qualifiedName):
                if XHTMLText.localName(qualifiedName) == "navlabel" { capturing = false }
            }
        }
    }

    /// Whether a nav's `epub:type` (any prefix) or `role` names it the table of contents.
    private static func isTOC(_ attributes: [String: String]) -> Bool {
        attributes.contains { name, value in
            (XHTMLText.localName(name) == "type" || name == "role")
                && value.split(separator: " ").contains { $0 == "toc" || $0 == "doc-toc" }
        }
    }

    private mutating func add(title: String, href: String, from documentPath: String) {
        let title = PackageDocument.collapsingWhitespace(title)
        guard !title.isEmpty, let target = try? ArchivePath.resolve(href, from: documentPath), titles[target] == nil
        else { return }
        titles[target] = title
    }
}
