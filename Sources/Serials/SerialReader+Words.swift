import Foundation

extension SerialReader {
    /// What a word is, for the reader.
    enum WordKind: Hashable, Sendable {
        /// A label that announces a serial: `Serial`, `SN`, `(S)`, `序列号`.
        case serialLabel
        /// A label that announces something else: `Model`, `IMEI`, `Part`.
        case otherLabel
        /// A word that belongs to either kind of label: `No.`, `Number`.
        case filler
        /// Something printed near serials that is not one.
        case lookalike
        /// A word that may be all or part of a serial.
        case content
    }

    /// The label in front of a word.
    enum Context: Hashable, Sendable {
        case none, serial, other

        /// The ranking weight of a word after this label.
        var weight: Double {
            switch self {
            case .none: 1
            case .serial: 1.5
            case .other: 0.2
            }
        }
    }

    /// An axis-aligned box in image pixels.
    struct Bounds: Hashable, Sendable {
        var minX, minY, maxX, maxY: Double
        var height: Double { maxY - minY }
        var width: Double { maxX - minX }
    }

    /// A run of characters between separators, with its alternatives and place.
    struct Word: Sendable {
        var glyphs: [[CharacterAlternative]]
        var text: String
        var line: Int
        var bounds: Bounds?
        var kind: WordKind
        var context = Context.none

        var characterWidth: Double? { bounds.map { $0.width / Double(max(1, glyphs.count)) } }
    }

    /// Words, possibly joined, to read as a serial.
    struct Span: Sendable {
        var words: [Word]
        var glyphs: [[CharacterAlternative]]
        var factor: Double
        var context: Context

        var text: String { String(glyphs.compactMap { $0.first?.character }) }
    }

    static let separators = Set(" \t:：,，;；、")
    static let serialLabels: Set<String> = [
        "SERIAL", "SERIALNO", "SERIALNUMBER", "SERIALNUM", "SN", "S/N", "S", "序列号", "序列號", "序列号码",
    ]
    static let gluedSerialLabels = ["SERIALNUMBER", "SERIALNO", "SERIAL", "序列号", "序列號"]
    static let otherLabels: Set<String> = [
        "MODEL", "MODELNO", "MODELNUMBER", "IMEI", "IMEI2", "MEID", "EID", "ICCID", "UPC", "EAN", "PART", "PARTNO",
        "P/N", "PN", "1P", "P", "Q", "EMC", "FCC", "FCCID", "IC", "CMIIT", "WIFI", "WI-FI", "BLUETOOTH", "ADDRESS",
        "SEID", "VERSION", "CAPACITY", "CARRIER", "MODEM", "FIRMWARE", "型号", "型號", "IMEI/MEID",
    ]
    static let fillers: Set<String> = ["NO", "NUMBER", "NUM", "NR", "ID", "号码", "#"]

    /// Splits one OCR line into words.
    static func words(in line: RecognizedSerialLine, line index: Int) -> [Word] {
        let characters = Array(line.text)
        guard !characters.isEmpty else { return [] }
        let glyphs: [[CharacterAlternative]]
        if line.characters.count == characters.count, line.characters.allSatisfy({ !$0.isEmpty }) {
            glyphs = line.characters.map {
                $0.map { CharacterAlternative(SerialCorrection.folded($0.character), $0.probability) }
            }
        } else {
            let count = characters.filter { !separators.contains($0) && !$0.isWhitespace }.count
            let probability = pow(max(0, min(1, line.confidence)), 1 / Double(max(1, count)))
            glyphs = characters.map { [CharacterAlternative(SerialCorrection.folded($0), probability)] }
        }
        let lineBounds = bounds(of: line.box)
        func word(_ range: Range<Int>, kind: WordKind) -> Word {
            var wordBounds: Bounds?
            if let lineBounds {
                let scale = lineBounds.width / Double(characters.count)
                wordBounds = Bounds(
                    minX: lineBounds.minX + scale * Double(range.lowerBound), minY: lineBounds.minY,
                    maxX: lineBounds.minX + scale * Double(range.upperBound), maxY: lineBounds.maxY)
            }
            let slice = Array(glyphs[range])
            return Word(
                glyphs: slice, text: String(slice.compactMap { $0.first?.character }), line: index,
                bounds: wordBounds, kind: kind)
        }

        var words: [Word] = []
        var start: Int?
        for position in 0...characters.count {
            let isSeparator =
                position == characters.count || separators.contains(characters[position])
                || characters[position].isWhitespace
            if isSeparator, let first = start {
                words += classify(first..<position, glyphs: glyphs, make: word)
                start = nil
            } else if !isSeparator, start == nil {
                start = position
            }
        }
        return words
    }

    /// Classifies one separator-free token, splitting off glued labels and inner punctuation.
    private static func classify(
        _ range: Range<Int>, glyphs: [[CharacterAlternative]], make: (Range<Int>, WordKind) -> Word
    ) -> [Word] {
        let text = String(glyphs[range].compactMap { $0.first?.character })
        let key = String(text.filter { !"().[]（）【】".contains($0) })
        if serialLabels.contains(key) { return [make(range, .serialLabel)] }
        if otherLabels.contains(key) { return [make(range, .otherLabel)] }
        if fillers.contains(key) { return [make(range, .filler)] }
        for label in gluedSerialLabels where text.hasPrefix(label) && text.count > label.count {
            let split = range.lowerBound + label.count
            return [make(range.lowerBound..<split, .serialLabel)]
                + classify(split..<range.upperBound, glyphs: glyphs, make: make)
        }

        // Trim punctuation around the token, then judge it whole before splitting it at inner punctuation.
        let isAlphanumeric = { (position: Int) in
            glyphs[position].first.map { SerialAlphabet.isAlphanumeric($0.character) } ?? false
        }
        guard let first = range.first(where: isAlphanumeric), let last = range.last(where: isAlphanumeric) else {
            return []
        }
        let trimmed = first..<(last + 1)
        let trimmedText = String(glyphs[trimmed].compactMap { $0.first?.character })
        if SerialLookalike(classifying: trimmedText) != nil { return [make(trimmed, .lookalike)] }
        var words: [Word] = []
        var start: Int?
        for position in trimmed.lowerBound...trimmed.upperBound {
            let inside = position < trimmed.upperBound && isAlphanumeric(position)
            if !inside, let wordStart = start {
                let piece = make(wordStart..<position, .content)
                let isLookalike = SerialLookalike(classifying: piece.text) != nil
                words.append(isLookalike ? make(wordStart..<position, .lookalike) : piece)
                start = nil
            } else if inside, start == nil {
                start = position
            }
        }
        return words
    }

    /// The axis-aligned bounds of a quadrilateral, or `nil` without one.
    private static func bounds(of box: [[Double]]) -> Bounds? {
        let points = box.filter { $0.count >= 2 }
        guard points.count >= 2 else { return nil }
        let xs = points.map { $0[0] }
        let ys = points.map { $0[1] }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(), maxX > minX,
            maxY > minY
        else { return nil }
        return Bounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// Groups words into text rows, top to bottom, each left to right.
    ///
    /// Words with boxes share a row when they overlap vertically by half the smaller height; words without
    /// boxes keep their line.
    static func rows(of words: [Word]) -> [[Word]] {
        var rows: [[Word]] = []
        var byLine: [Int: Int] = [:]
        var boxed: [(bounds: Bounds, words: [Word])] = []
        for word in words {
            if let bounds = word.bounds {
                let overlapping = boxed.firstIndex { row in
                    let overlap = min(row.bounds.maxY, bounds.maxY) - max(row.bounds.minY, bounds.minY)
                    return overlap >= 0.5 * min(row.bounds.height, bounds.height)
                }
                if let index = overlapping {
                    boxed[index].words.append(word)
                } else {
                    boxed.append((bounds, [word]))
                }
            } else if let index = byLine[word.line] {
                rows[index].append(word)
            } else {
                byLine[word.line] = rows.count
                rows.append([word])
            }
        }
        let boxedRows = boxed.sorted { $0.bounds.minY < $1.bounds.minY }.map { row in
            row.words.sorted { ($0.bounds?.minX ?? 0) < ($1.bounds?.minX ?? 0) }
        }
        return rows + boxedRows
    }

    /// The word sequences worth reading as serials, with their confidence factors and labels.
    static func spans(in rows: [[Word]]) -> [Span] {
        var spans: [Span] = []
        var carried = Context.none
        for row in rows {
            var words = markLookalikeRuns(in: row)
            var context = carried
            for index in words.indices {
                switch words[index].kind {
                case .serialLabel: context = .serial
                case .otherLabel: context = .other
                case .filler, .lookalike: break
                case .content: words[index].context = context
                }
            }
            // A row that ends with a serial label announces the row below.
            carried =
                words.last?.kind == .serialLabel || words.last?.kind == .filler && context == .serial ? .serial : .none

            for start in words.indices where words[start].kind == .content {
                var joined = [words[start]]
                spans += wordSpans(words[start])
                var next = start + 1
                while next < words.count, joined.count < 3, words[next].kind == .content,
                    areAdjacent(words[next - 1], words[next])
                {
                    joined.append(words[next])
                    let glyphs = joined.flatMap(\.glyphs)
                    if (8...14).contains(glyphs.count) {
                        spans.append(
                            Span(
                                words: joined, glyphs: glyphs, factor: pow(0.8, Double(joined.count - 1)),
                                context: words[start].context))
                    }
                    next += 1
                }
            }
        }
        return spans
    }

    /// A word read whole, without a leading barcode `S`, and, when it is too long to be a serial, in 11- and
    /// 12-character windows.
    private static func wordSpans(_ word: Word) -> [Span] {
        let count = word.glyphs.count
        var spans = [Span(words: [word], glyphs: word.glyphs, factor: 1, context: word.context)]
        if word.text.hasPrefix("S"), (10...12).contains(count - 1) {
            spans.append(
                Span(words: [word], glyphs: Array(word.glyphs.dropFirst()), factor: 0.9, context: .serial))
        }
        if count > 12, count <= 40 {
            // Only the strict grammars, and at a steep cost: about half of all 12-character strings fit the
            // structured grammar, and any ten characters of a long word would pass as a random serial.
            for length in 11...12 {
                for offset in 0...(count - length) {
                    let glyphs = Array(word.glyphs[offset..<(offset + length)])
                    spans.append(Span(words: [word], glyphs: glyphs, factor: 0.1, context: word.context))
                }
            }
        }
        return spans
    }

    /// Whether two words of a row are close enough to be one word the OCR split.
    private static func areAdjacent(_ left: Word, _ right: Word) -> Bool {
        guard let leftBounds = left.bounds, let rightBounds = right.bounds,
            let leftWidth = left.characterWidth, let rightWidth = right.characterWidth
        else { return left.line == right.line }
        let gap = rightBounds.minX - leftBounds.maxX
        let width = (leftWidth + rightWidth) / 2
        return gap <= 2.5 * width && gap >= -2 * width
    }

    /// Marks as lookalikes runs of digit words that together form an IMEI, EID or barcode number.
    private static func markLookalikeRuns(in row: [Word]) -> [Word] {
        var row = row
        var index = 0
        while index < row.count {
            guard row[index].kind == .content, row[index].text.allSatisfy(\.isNumber) else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < row.count, row[end + 1].kind == .content, row[end + 1].text.allSatisfy(\.isNumber) {
                end += 1
            }
            if end > index, SerialLookalike(classifying: row[index...end].map(\.text).joined()) != nil {
                for position in index...end { row[position].kind = .lookalike }
            }
            index = end + 1
        }
        return row
    }
}
