extension PageSplitter {
    /// What a line of the source is to the splitter.
    enum LineKind: Equatable {
        /// Ordinary text.
        case text
        /// An empty line (a paragraph gap).
        case blank
        /// A page marker; the line is dropped.
        case marker
        /// A chapter heading that starts a page titled `title` (usually the line itself).
        case heading(title: String)
    }

    /// A tidied line and what it is.
    struct Line: Equatable {
        var text: String
        var kind: LineKind
    }

    /// The text's lines with line breaks unified, trailing whitespace dropped and blank runs collapsed,
    /// each classified (headings are classified alone; `resolvingHeadingRuns` looks at neighbours).
    static func classifiedLines(of text: String) -> [Line] {
        var lines: [Line] = []
        for raw in rawLines(of: text) {
            var line = Substring(raw)
            while let last = line.last, last.isWhitespace { line.removeLast() }
            let content = trimmed(String(line))
            let kind: LineKind
            if raw.utf8.count == 1 && raw.utf8.first == 0x0C || isPageMarker(content) {
                kind = .marker
            } else if content.isEmpty {
                if lines.last?.kind == .blank { continue }
                kind = .blank
            } else if isChapterHeading(content) {
                kind = .heading(title: content)
            } else {
                kind = .text
            }
            lines.append(Line(text: String(line), kind: kind))
        }
        return lines
    }

    /// Lines split at LF, CR, CRLF, U+2028 and U+2029; a form feed becomes a line of its own.
    private static func rawLines(of text: String) -> [String] {
        let scalars = text.unicodeScalars
        var lines: [String] = []
        var lineStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            switch scalar {
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{000C}":
                lines.append(String(scalars[lineStart..<index]))
                if scalar == "\u{000C}" { lines.append("\u{000C}") }
                scalars.formIndex(after: &index)
                if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { scalars.formIndex(after: &index) }
                lineStart = index
            default:
                scalars.formIndex(after: &index)
            }
        }
        lines.append(String(scalars[lineStart...]))
        return lines
    }

    /// Applies the rules for headings in a row: two share a page titled by the second; in three or
    /// more (a table of contents) only the last is a heading, and only when text follows it.
    static func resolvingHeadingRuns(_ lines: [Line]) -> [Line] {
        var lines = lines
        var index = 0
        while index < lines.count {
            guard case .heading = lines[index].kind else {
                index += 1
                continue
            }
            var run = [index]
            var next = index + 1
            while next < lines.count {
                if case .heading = lines[next].kind {
                    run.append(next)
                } else if lines[next].kind != .blank {
                    break
                }
                next += 1
            }
            if run.count == 2, case .heading(let title) = lines[run[1]].kind {
                lines[run[0]].kind = .heading(title: title)
                lines[run[1]].kind = .text
            } else if run.count >= 3 {
                let followedByText = next < lines.count && lines[next].kind == .text
                for heading in run.dropLast(followedByText ? 1 : 0) { lines[heading].kind = .text }
            }
            index = next
        }
        return lines
    }

    // MARK: - Page markers

    /// The characters that may decorate a `page` marker on either side.
    private static let markerDecoration: Set<Character> = [
        "=", "-", "—", "－", "[", "]", "<", ">", "/", "【", "】", " ", "　",
    ]
    /// The characters a page marker may start with (checked first, since most lines start otherwise).
    private static let markerStarts: Set<Unicode.Scalar> = [
        "=", "-", "—", "－", "[", "<", "/", "【", "*", "＊", "＝", "p", "P", "第", "分",
    ]
    /// The characters a rule marker (`---`) may repeat.
    private static let ruleCharacters: Set<Character> = ["-", "*", "=", "－", "＊", "＝"]

    /// Whether a trimmed line is a page marker (see the type's documentation for the list).
    static func isPageMarker(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first, markerStarts.contains(first), line.utf8.count <= 160,
            line.count <= 40
        else { return false }
        let characters = line.filter { $0 != " " && $0 != "　" }
        if characters.count >= 3, let first = characters.first, ruleCharacters.contains(first),
            characters.allSatisfy({ $0 == first })
        {
            return true
        }
        var inner = Substring(line)
        while let first = inner.first, markerDecoration.contains(first) { inner.removeFirst() }
        while let last = inner.last, markerDecoration.contains(last) { inner.removeLast() }
        let word = inner.lowercased()
        if word == "page" { return true }
        if word.hasPrefix("page ") {
            let number = word.dropFirst(5).drop { $0 == " " }
            return !number.isEmpty && number.allSatisfy(\.isASCIIDigit)
        }
        if word == "分页" || word == "分頁" { return true }
        if word.hasPrefix("第"), word.hasSuffix("页") || word.hasSuffix("頁") {
            let number = word.dropFirst().dropLast().filter { $0 != " " }
            return !number.isEmpty && number.allSatisfy(isNumeral)
        }
        return false
    }

    // MARK: - Chapter headings

    /// The units a `第N…` heading may count in.
    private static let chapterUnits: Set<Character> = ["章", "回", "节", "節", "卷", "部", "篇", "集", "幕", "话", "話"]
    /// The characters a heading may start with (checked first, since most lines start otherwise).
    private static let headingStarts: Set<Unicode.Scalar> = [
        "第", "序", "引", "楔", "前", "尾", "后", "後", "终", "終", "番", "c", "C", "p", "P", "e", "E",
    ]
    /// Words that are a heading by themselves.
    private static let headingWords = [
        "序言", "序章", "序幕", "引子", "引言", "楔子", "前言", "尾声", "尾聲", "后记", "後記", "终章", "終章", "番外", "序",
    ]
    /// English words that are a heading by themselves (compared lowercased).
    private static let englishHeadingWords = ["prologue", "epilogue", "preface"]
    /// English words that start a numbered heading (compared lowercased).
    private static let englishNumberedHeadings = ["chapter", "part"]
    /// Number words an English heading may use.
    private static let englishNumbers: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
    /// What may separate a heading word or number from the title after it.
    private static let titleSeparators: Set<Character> = [" ", "　", ":", "：", "·", "・", "、", "-", "—", ".", "．"]
    /// Punctuation that ends sentences, so a line with it is prose, not a heading.
    private static let proseMarks: Set<Character> = ["。", "！", "？", "；", "!", "?", ";"]

    /// Whether a trimmed line is a chapter heading (see the type's documentation for the forms).
    static func isChapterHeading(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first, headingStarts.contains(first), line.utf8.count <= 120,
            line.count <= 30, !line.contains(where: proseMarks.contains)
        else { return false }
        if line.hasPrefix("第") {
            let afterPrefix = line.dropFirst().drop { $0 == " " || $0 == "　" }
            let number = afterPrefix.prefix(while: isNumeral)
            guard !number.isEmpty, number.count <= 8 else { return false }
            let afterNumber = afterPrefix.dropFirst(number.count).drop { $0 == " " || $0 == "　" }
            guard let unit = afterNumber.first else { return false }
            return chapterUnits.contains(unit)
        }
        for word in headingWords where line.hasPrefix(word) {
            let rest = line.dropFirst(word.count).drop(while: isNumeral)
            return rest.first.map(titleSeparators.contains) ?? true
        }
        let lowercased = line.lowercased()
        for word in englishHeadingWords where lowercased.hasPrefix(word) {
            let rest = lowercased.dropFirst(word.count)
            return rest.first.map(titleSeparators.contains) ?? true
        }
        for word in englishNumberedHeadings where lowercased.hasPrefix(word + " ") {
            let rest = lowercased.dropFirst(word.count).drop { $0 == " " }
            let number = rest.prefix { $0.isLetter || $0.isASCIIDigit }
            let isNumber =
                number.allSatisfy(\.isASCIIDigit) || number.allSatisfy({ "ivxlcdm".contains($0) })
                || englishNumbers.contains(String(number))
            guard !number.isEmpty, isNumber else { return false }
            let title = rest.dropFirst(number.count)
            // "Chapter 3 was the best." is prose; "Chapter 3." is a heading.
            if title.count > 1 && title.hasSuffix(".") { return false }
            return title.first.map(titleSeparators.contains) ?? true
        }
        return false
    }

    /// Whether a character is a digit (ASCII or full-width) or a Chinese numeral.
    static func isNumeral(_ character: Character) -> Bool {
        character.isASCIIDigit || ("０"..."９").contains(character) || chineseNumerals.contains(character)
    }

    private static let chineseNumerals: Set<Character> = [
        "〇", "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "万", "萬", "两", "兩",
        "壹", "贰", "貳", "叁", "參", "肆", "伍", "陆", "陸", "柒", "捌", "玖", "拾", "佰", "仟",
    ]
}

extension Character {
    /// Whether the character is one of the ASCII digits 0–9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
