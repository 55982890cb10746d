extension PageSplitter {
    /// A paragraph's sentences, in order, each with its closing quotes and the spaces after it.
    ///
    /// Joined back together they give the paragraph exactly. The scan compares Unicode scalars
    /// (every mark it looks for is one scalar), and a boundary never separates a character from
    /// the combining marks that follow it.
    static func sentences(in paragraph: String) -> [String] {
        let scalars = paragraph.unicodeScalars
        var sentences: [String] = []
        var start = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard endsSentence(scalars, at: index) else {
                scalars.formIndex(after: &index)
                continue
            }
            scalars.formIndex(after: &index)
            while index < scalars.endIndex,
                endsSentence(scalars, at: index) || isCloser(scalars[index])
                    || scalars[index].properties.isGraphemeExtend
            {
                scalars.formIndex(after: &index)
            }
            while index < scalars.endIndex, scalars[index].properties.isWhitespace {
                scalars.formIndex(after: &index)
            }
            sentences.append(String(scalars[start..<index]))
            start = index
        }
        if start < scalars.endIndex { sentences.append(String(scalars[start...])) }
        return sentences
    }

    /// A sentence's clauses, each ending after a comma, enumeration comma or colon.
    static func clauses(in sentence: String) -> [String] {
        let scalars = sentence.unicodeScalars
        var clauses: [String] = []
        var start = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let isClauseEnd = isClauseEnd(scalars[index])
            scalars.formIndex(after: &index)
            guard isClauseEnd else { continue }
            while index < scalars.endIndex, scalars[index].properties.isGraphemeExtend {
                scalars.formIndex(after: &index)
            }
            clauses.append(String(scalars[start..<index]))
            start = index
        }
        if start < scalars.endIndex { clauses.append(String(scalars[start...])) }
        return clauses
    }

    /// Whether the scalar at `index` ends a sentence: one of 。！？；…｡． !? always, `.` only before
    /// whitespace, a closer, another `.` or the end (so 3.14 and U.S.A stay whole).
    private static func endsSentence(_ scalars: String.UnicodeScalarView, at index: String.Index) -> Bool {
        switch scalars[index] {
        case "。", "！", "？", "；", "…", "!", "?", "｡", "．":
            return true
        case ".":
            let next = scalars.index(after: index)
            guard next < scalars.endIndex else { return true }
            let following = scalars[next]
            return following.properties.isWhitespace || following == "." || isCloser(following)
        default:
            return false
        }
    }

    /// Closing quotes and brackets, which stay with the sentence they close.
    private static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "」", "』", "”", "’", "）", "》", "】", "〉", "〕", ")", "]", "\"", "'": true
        default: false
        }
    }

    /// Characters after which an over-long sentence may be cut.
    private static func isClauseEnd(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "，", "、", ",", "：", ":": true
        default: false
        }
    }
}
