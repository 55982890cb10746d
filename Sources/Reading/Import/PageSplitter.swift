/// Splits imported text into pages of about `targetLength` characters.
///
/// The text is tidied first: every line break becomes LF, trailing spaces on each line are
/// dropped, and a run of blank lines becomes a single blank line. Leading indentation is kept.
///
/// Pages then break in three ways, strongest first:
///
/// 1. **Page markers** the writer put in, each alone on its line (spaces around it allowed):
///    - a form feed (U+000C), wherever it is;
///    - three or more of the same rule character, optionally spaced: `---`, `***`, `===`, `* * *`,
///      `－－－`, `＊＊＊`, `＝＝＝`;
///    - the word `page`, optionally with a number, bare or decorated with `=`, `-`, `—`, `－`,
///      brackets (`[]`, `<>`, `【】`) or a slash: `page`, `[page]`, `<page>`, `<page/>`,
///      `=== page 3 ===`, `-- Page 12 --`;
///    - `第N页` / `第N頁` (N in Arabic or Chinese numerals), `分页` or `分頁`, decorated the same way.
///
///    The marker line itself is dropped; several markers in a row never make an empty page. When a
///    text has markers, the writer has chosen the pages: the text between two markers stays one
///    page unless it is longer than `markedPageLimit` characters, and only then is split by length.
/// 2. **Chapter headings**: a line of at most 30 characters, without sentence-ending punctuation,
///    that is `第` + a number + one of 章回节節卷部篇集幕话話 (optionally followed by a title:
///    `第一章 风起`, `第12回`), `Chapter 3`, `Chapter IV: Home`, `Part Two`, or one of 序, 序言, 序章,
///    序幕, 引子, 引言, 楔子, 前言, 尾声, 尾聲, 后记, 後記, 终章, 終章, 番外, Prologue, Epilogue,
///    Preface (alone, or followed by a separator and a title). A heading starts a new page, stays on
///    it as its first line, and becomes the `chapterTitle` of that page and those after it. Two
///    headings in a row (a volume and its first chapter) share one page, titled by the second;
///    three or more in a row are a table of contents and stay ordinary lines, except the last, which
///    starts its chapter when text follows it.
/// 3. **Length**: otherwise a page ends at the sentence boundary that brings it closest to
///    `targetLength` characters (`Character`s, not bytes). Sentences end after 。！？；…… or
///    `.` `!` `?` (a `.` only before a space or the end), together with any closing quotes and
///    brackets after them (」』”’）》】 and ASCII quotes). A page never cuts a sentence unless that
///    sentence alone is longer than twice the target; such a sentence is cut after a comma
///    (，、,：:), and a clause still longer than the target is cut every `targetLength` characters.
///
/// Paragraphs (line breaks) are preserved inside a page. Pages are never empty, and text that is
/// only whitespace gives no pages.
public struct PageSplitter: Sendable {
    /// The length a page aims for, in characters; at least 1.
    public var targetLength: Int

    /// Creates a splitter aiming for pages of `targetLength` characters (values below 1 count as 1).
    public init(targetLength: Int = 500) {
        self.targetLength = max(1, targetLength)
    }

    /// The longest page a writer's page markers may make before it is split by length: eight
    /// targets (4,000 characters by default).
    public var markedPageLimit: Int { 8 * targetLength }

    /// Splits plain text into pages, finding chapter headings and page markers in it.
    public func split(_ text: String) -> [PageDraft] {
        split(chapters: [Chapter(text: text)])
    }

    /// Splits chapters into pages: each chapter starts a new page, and its title is the
    /// `chapterTitle` of its pages until a heading inside its text starts another chapter.
    ///
    /// A heading on the chapter's first line does not replace a title the chapter already has.
    public func split(chapters: [Chapter]) -> [PageDraft] {
        chapters.flatMap { chapter in
            let sections = sections(of: chapter)
            return sections.flatMap { section in
                section.endsAtMarker || section.startsAtMarker
                    ? markedPage(section) ?? pages(of: section) : pages(of: section)
            }
        }
    }

    // MARK: - Sections

    /// A run of lines between two forced page breaks, with the chapter title in effect.
    private struct Section {
        var title: String?
        var lines: [String] = []
        var startsAtMarker = false
        var endsAtMarker = false

        var hasText: Bool { lines.contains { !$0.isEmpty } }
    }

    private func sections(of chapter: Chapter) -> [Section] {
        let chapterTitle = chapter.title.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let lines = Self.resolvingHeadingRuns(Self.classifiedLines(of: chapter.text))
        var sections: [Section] = []
        var current = Section(title: chapterTitle)
        var chapterHasText = false
        for line in lines {
            switch line.kind {
            case .marker:
                if current.hasText {
                    current.endsAtMarker = true
                    sections.append(current)
                }
                current = Section(title: current.title, startsAtMarker: true)
            case .heading(let title):
                if chapterHasText || chapterTitle == nil {
                    if current.hasText { sections.append(current) }
                    current = Section(title: title)
                }
                current.lines.append(line.text)
                chapterHasText = true
            case .blank:
                if current.hasText { current.lines.append("") }
            case .text:
                current.lines.append(line.text)
                chapterHasText = true
            }
        }
        if current.hasText { sections.append(current) }
        return sections
    }

    // MARK: - Filling pages

    /// A piece of a paragraph that a page may end after.
    private struct Unit {
        var text: String
        var length: Int
        var endsParagraph: Bool
    }

    private func pages(of section: Section) -> [PageDraft] {
        var pages: [PageDraft] = []
        var current: [Unit] = []
        var length = 0

        func flush() {
            let text = Self.pageText(current)
            if !text.isEmpty { pages.append(PageDraft(text: text, chapterTitle: section.title)) }
            current = []
            length = 0
        }

        for unit in units(of: section) {
            if unit.length == 0 {
                if !current.isEmpty { current.append(unit) }
                continue
            }
            if length > 0 && length + unit.length > targetLength {
                let overshoot = length + unit.length - targetLength
                let undershoot = targetLength - length
                if overshoot >= undershoot || length + unit.length > 2 * targetLength { flush() }
            }
            current.append(unit)
            length += unit.length
        }
        flush()
        return pages
    }

    /// A section the writer delimited with page markers, as one page, if it is not too long.
    private func markedPage(_ section: Section) -> [PageDraft]? {
        let units = units(of: section)
        guard units.reduce(0, { $0 + $1.length }) <= markedPageLimit else { return nil }
        let text = Self.pageText(units)
        return text.isEmpty ? [] : [PageDraft(text: text, chapterTitle: section.title)]
    }

    private func units(of section: Section) -> [Unit] {
        var units: [Unit] = []
        for line in section.lines {
            if line.isEmpty {
                units.append(Unit(text: "", length: 0, endsParagraph: true))
                continue
            }
            let pieces = Self.sentences(in: line).flatMap(piecesOfSentence)
            for (index, piece) in pieces.enumerated() {
                units.append(Unit(text: piece, length: piece.count, endsParagraph: index == pieces.count - 1))
            }
        }
        return units
    }

    /// A sentence as page-sized pieces: itself when it fits in twice the target, otherwise its
    /// clauses packed up to the target, clauses longer than the target cut every target length.
    private func piecesOfSentence(_ sentence: String) -> [String] {
        guard sentence.count > 2 * targetLength else { return [sentence] }
        let clauses = Self.clauses(in: sentence).flatMap { clause -> [String] in
            guard clause.count > targetLength else { return [clause] }
            var cuts: [String] = []
            var rest = Substring(clause)
            while !rest.isEmpty {
                cuts.append(String(rest.prefix(targetLength)))
                rest = rest.dropFirst(targetLength)
            }
            return cuts
        }
        var pieces: [String] = []
        var piece = ""
        var pieceLength = 0
        for clause in clauses {
            let clauseLength = clause.count
            if pieceLength > 0 && pieceLength + clauseLength > targetLength {
                pieces.append(piece)
                piece = ""
                pieceLength = 0
            }
            piece += clause
            pieceLength += clauseLength
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// The units joined with paragraph breaks, without blank lines or spaces at either end.
    private static func pageText(_ units: [Unit]) -> String {
        var text = ""
        for unit in units {
            text += unit.text
            if unit.endsParagraph { text += "\n" }
        }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isNewline { text.removeFirst() }
        return text
    }

    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
