/// The readable text of an XHTML document, one paragraph per line, and its first heading.
///
/// - Block elements (`p`, `div`, `h1`–`h6`, `li`, `blockquote`, `tr`, `section`…) end a
///   paragraph; `br` ends a line (two in a row leave a blank line).
/// - `head`, `script`, `style`, `template`, `svg`, `math` and ruby annotations (`rt`, `rtc`, `rp`)
///   are dropped, so `<ruby>漢<rt>kan</rt></ruby>` reads 漢.
/// - Entities are decoded: `&lt;b&gt;` becomes the literal text `<b>`, which the caller must escape
///   when rendering like any other text.
/// - Outside `pre`, runs of ASCII whitespace become one space, and vanish when they contain a line
///   break next to CJK text with no ASCII on either side (source files often wrap Chinese lines).
///   Each line is trimmed, full-width indentation included; a run of blank lines becomes one.
struct XHTMLText {
    /// The text, paragraphs separated by line breaks; empty when the document has none.
    var text: String
    /// The text of the first `h1`, `h2` or `h3`, if there is one with text.
    var firstHeading: String?

    /// Extracts the text of `document`.
    init(document: String) {
        var body = TextCollector()
        var heading: TextCollector?
        var firstHeading: String?
        var skipping: Skip?
        var preformattedDepth = 0

        for token in MarkupScanner.tokens(in: document) {
            if let skip = skipping {
                skipping = Self.updatedSkip(skip, after: token)
                if skipping != nil { continue }
                if case .end = token { continue }
            }
            switch token {
            case .start(let name, _, let selfClosing):
                let name = Self.localName(name)
                if Self.skippedElements.contains(name) {
                    if !selfClosing { skipping = (name, 1) }
                } else if name == "br" {
                    body.lineBreak()
                    heading?.lineBreak()
                } else if Self.blockElements.contains(name) {
                    body.paragraphBreak()
                    if name == "pre" && !selfClosing { preformattedDepth += 1 }
                    if Self.headingElements.contains(name), firstHeading == nil, !selfClosing {
                        heading = TextCollector()
                    }
                }
            case .end(let name):
                let name = Self.localName(name)
                guard Self.blockElements.contains(name) else { continue }
                body.paragraphBreak()
                if name == "pre" { preformattedDepth = max(0, preformattedDepth - 1) }
                if Self.headingElements.contains(name), let collected = heading {
                    let text = collected.lines().joined(separator: " ")
                    if !text.isEmpty { firstHeading = text }
                    heading = nil
                }
            case .text(let text):
                body.append(text, preformatted: preformattedDepth > 0)
                heading?.append(text, preformatted: false)
            }
        }
        text = body.lines().joined(separator: "\n")
        self.firstHeading = firstHeading
    }

    /// A dropped element being skipped: its name and how deeply it is nested in itself.
    private typealias Skip = (name: String, depth: Int)

    /// The skip state after `token` while inside a dropped element; nil once it has ended.
    ///
    /// Nested elements of the same name are counted. Ruby annotations also end at the next `rt`,
    /// `rp`, `rb` or `</ruby>` (HTML lets their end tags be left out), and an unclosed `head` ends at
    /// `<body>`; the ending token is then handled normally.
    private static func updatedSkip(_ skip: Skip, after token: MarkupToken) -> Skip? {
        switch token {
        case .start(let name, _, let selfClosing):
            let name = localName(name)
            if rubyAnnotationEnds[skip.name]?.contains(name) == true { return nil }
            if skip.name == "head" && name == "body" { return nil }
            if name == skip.name && !selfClosing { return (skip.name, skip.depth + 1) }
        case .end(let name):
            let name = localName(name)
            if rubyAnnotationEnds[skip.name] != nil && name == "ruby" { return nil }
            if name == skip.name { return skip.depth > 1 ? (skip.name, skip.depth - 1) : nil }
        case .text:
            break
        }
        return skip
    }

    /// A tag name without its namespace prefix (`xhtml:p` → `p`).
    static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private static let skippedElements: Set<String> = [
        "head", "script", "style", "template", "svg", "math", "rt", "rtc", "rp", "noscript", "title",
    ]
    /// The start tags that implicitly end each ruby annotation element.
    private static let rubyAnnotationEnds: [String: Set<String>] = [
        "rt": ["rt", "rp", "rb", "rtc"], "rp": ["rt", "rp", "rb", "rtc"], "rtc": ["rb", "rtc"],
    ]
    private static let headingElements: Set<String> = ["h1", "h2", "h3"]
    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5",
        "h6", "header", "hgroup", "hr", "html", "legend", "li", "main", "nav", "ol", "p", "pre", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]
}

/// Collects text pieces and breaks, then lays them out as trimmed lines.
private struct TextCollector {
    private enum Piece {
        case text(String)
        case space(hasLineBreak: Bool)
        case lineBreak
        case paragraphBreak
    }

    private var pieces: [Piece] = []

    mutating func append(_ text: String, preformatted: Bool) {
        let scalars = text.unicodeScalars
        if preformatted {
            var lineStart = scalars.startIndex
            var index = scalars.startIndex
            while index < scalars.endIndex {
                let scalar = scalars[index]
                guard scalar == "\n" || scalar == "\r" else {
                    scalars.formIndex(after: &index)
                    continue
                }
                appendText(scalars[lineStart..<index])
                pieces.append(.lineBreak)
                scalars.formIndex(after: &index)
                if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { scalars.formIndex(after: &index) }
                lineStart = index
            }
            appendText(scalars[lineStart...])
            return
        }
        var runStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard Self.isCollapsibleSpace(scalars[index]) else {
                scalars.formIndex(after: &index)
                continue
            }
            appendText(scalars[runStart..<index])
            var hasLineBreak = false
            while index < scalars.endIndex, Self.isCollapsibleSpace(scalars[index]) {
                hasLineBreak = hasLineBreak || scalars[index] == "\n" || scalars[index] == "\r"
                scalars.formIndex(after: &index)
            }
            pieces.append(.space(hasLineBreak: hasLineBreak))
            runStart = index
        }
        appendText(scalars[runStart...])
    }

    private mutating func appendText(_ scalars: Substring.UnicodeScalarView) {
        if !scalars.isEmpty { pieces.append(.text(String(scalars))) }
    }

    mutating func lineBreak() { pieces.append(.lineBreak) }

    mutating func paragraphBreak() { pieces.append(.paragraphBreak) }

    /// The collected text as trimmed lines, without leading or trailing blank lines and with runs of
    /// blank lines collapsed to one.
    func lines() -> [String] {
        var lines: [String] = []
        var line = ""
        var pendingSpace: Bool?

        func endLine() {
            lines.append(Self.trimmed(line))
            line = ""
            pendingSpace = nil
        }

        for piece in pieces {
            switch piece {
            case .text(let text):
                if let hasLineBreak = pendingSpace, let previous = line.last, let next = text.first,
                    !previous.isWhitespace
                {
                    if !(hasLineBreak && Self.joinsWithoutSpace(previous, next)) { line.append(" ") }
                }
                pendingSpace = nil
                line += text
            case .space(let hasLineBreak):
                pendingSpace = (pendingSpace ?? false) || hasLineBreak
            case .lineBreak:
                endLine()
            case .paragraphBreak:
                if !Self.trimmed(line).isEmpty { endLine() } else { line = "" }
                pendingSpace = nil
            }
        }
        endLine()
        var result: [String] = []
        for line in lines where !(line.isEmpty && (result.last?.isEmpty ?? true)) { result.append(line) }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// HTML's collapsible white space: space, tab, line feed, carriage return, form feed.
    private static func isCollapsibleSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{000C}": true
        default: false
        }
    }

    /// Whether a wrapped line break between two characters is no word space: one of them is CJK
    /// and neither is ASCII (so `中文\nEnglish` keeps its space and `“引号”\n后面` does not).
    private static func joinsWithoutSpace(_ previous: Character, _ next: Character) -> Bool {
        (isWide(previous) || isWide(next)) && !previous.isASCII && !next.isASCII
    }

    /// Whether a character is CJK (Han, kana, bopomofo, CJK punctuation or full-width forms), where
    /// a wrapped line break is not a word space.
    private static func isWide(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
