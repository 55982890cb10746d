import Foundation

/// Joins recognised lines into a page's text: lines that wrap inside a paragraph are joined, and a
/// line that ends well short of the text block's right edge (or a vertical column that ends well
/// above its foot) ends a paragraph. CJK text is joined without a space, Latin text with one, and a
/// word hyphenated across a line break is rejoined.
public enum PageText {
    /// The page's text, paragraphs separated by line breaks.
    public static func assemble(_ lines: [RecognizedLine]) -> String {
        let kept = lines.map { ($0, $0.text.trimmingCharacters(in: .whitespaces)) }.filter { !$0.1.isEmpty }
        guard !kept.isEmpty else { return "" }
        let horizontal = kept.filter { !$0.0.isVertical }
        let vertical = kept.filter { $0.0.isVertical }
        let blockRight = percentile(horizontal.map { $0.0.bounds.maxX }, 0.9)
        let blockLeft = percentile(horizontal.map { $0.0.bounds.minX }, 0.1)
        let lineHeight = percentile(horizontal.map { $0.0.bounds.maxY - $0.0.bounds.minY }, 0.5)
        let blockBottom = percentile(vertical.map { $0.0.bounds.maxY }, 0.9)
        let columnWidth = percentile(vertical.map { $0.0.bounds.maxX - $0.0.bounds.minX }, 0.5)

        var paragraphs: [String] = []
        var current = ""
        for (index, (line, text)) in kept.enumerated() {
            current = current.isEmpty ? text : joined(current, text)
            let endsParagraph: Bool
            if index == kept.count - 1 {
                endsParagraph = true
            } else if line.isVertical {
                endsParagraph = blockBottom - line.bounds.maxY > 1.5 * max(columnWidth, 1)
            } else {
                let next = kept[index + 1].0
                let shortLine = blockRight - line.bounds.maxX > 1.5 * max(lineHeight, 1)
                let nextIndented = next.bounds.minX - blockLeft > 1.2 * max(lineHeight, 1)
                let gap = next.bounds.minY - line.bounds.maxY > 1.2 * max(lineHeight, 1)
                endsParagraph = shortLine || nextIndented || gap || next.isVertical
            }
            if endsParagraph {
                paragraphs.append(current)
                current = ""
            }
        }
        return paragraphs.joined(separator: "\n")
    }

    /// Joins two wrapped parts of one paragraph.
    static func joined(_ first: String, _ second: String) -> String {
        guard let last = first.last, let next = second.first else { return first + second }
        if last == "-", first.count >= 2, first.dropLast().last?.isLetter == true, next.isLowercase {
            return String(first.dropLast()) + second
        }
        if isSpaced(last) && isSpaced(next) { return first + " " + second }
        return first + second
    }

    /// Whether a character belongs to a script written with spaces between words.
    private static func isSpaced(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.value < 0x2E80 { return character.isLetter || character.isNumber || ",.;:!?)\"'".contains(character) }
        return false
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
