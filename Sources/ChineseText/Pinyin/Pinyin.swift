import Foundation

/// Conversions between the ways pinyin is written: CEDICT's numbered syllables, tone marks, and
/// the forms learners type into a search box.
public enum Pinyin {
    /// Splits CEDICT's numbered pinyin (`yue4 liang5`, `lu:4`, `Mi3 lan2`, `hua1 r5`) into
    /// syllables. Pieces that are not syllables (`·`, `,`, Latin letters of a mixed headword such as
    /// the `T` of `T xu4`) are returned as `nil` so callers can keep positions aligned.
    public static func syllables(numbered text: some StringProtocol) -> [PinyinSyllable?] {
        text.split(separator: " ").map { piece in
            guard piece.last?.isNumber == true else { return nil }
            return PinyinSyllable(numbered: piece)
        }
    }

    /// Converts CEDICT's numbered pinyin to tone marks, joining syllables the way dictionaries print
    /// words: `yue4 liang5` → `yuèliang`, `Xi1 an1` → `Xī'ān`, `hua1 r5` → `huār`,
    /// `Mi3 lan2 · Kun1 de2 la1` → `Mǐlán·Kūndélā`.
    public static func marked(numbered text: some StringProtocol) -> String {
        var output = ""
        var previousWasSyllable = false
        for piece in text.split(separator: " ") {
            if piece.last?.isNumber == true, let syllable = PinyinSyllable(numbered: piece) {
                let marked = syllable.marked
                if syllable.letters.lowercased() == "r" && previousWasSyllable {
                    output += marked
                } else {
                    if previousWasSyllable, let first = marked.first,
                        "aeoāáǎàēéěèōóǒò".contains(first.lowercased())
                    {
                        output += "'"
                    }
                    output += marked
                }
                previousWasSyllable = true
            } else {
                if piece == "·" || piece == "," {
                    output += piece == "," ? ", " : "·"
                    previousWasSyllable = false
                } else {
                    if !output.isEmpty && !output.hasSuffix(" ") && !output.hasSuffix("·") { output += " " }
                    output += piece
                    previousWasSyllable = false
                }
            }
        }
        return output
    }

    /// Converts numbered pinyin to tone marks syllable by syllable, separated by spaces
    /// (`yue4 liang5` → `yuè liang`).
    public static func markedSpaced(numbered text: some StringProtocol) -> String {
        syllables(numbered: text).enumerated().map { index, syllable in
            syllable?.marked ?? String(text.split(separator: " ")[index])
        }.joined(separator: " ")
    }

    /// Reads a syllable written with a tone mark (`yuè`, `lǜ`, `ma`) into letters and tone.
    public static func syllable(marked text: some StringProtocol) -> PinyinSyllable? {
        var tone = 5
        var letters = ""
        for scalar in String(text).decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x0304: tone = 1
            case 0x0301: tone = 2
            case 0x030C: tone = 3
            case 0x0300: tone = 4
            case 0x0308: letters += ":"  // ü decomposes to u + diaeresis
            default: letters.unicodeScalars.append(scalar)
            }
        }
        guard !letters.isEmpty else { return nil }
        return PinyinSyllable(letters: letters, tone: tone)
    }
}
