import Foundation

/// One pinyin syllable: its letters and its tone.
///
/// Letters are stored lowercase-insensitive as written, with `ü` spelled `v` internally
/// (`lv4` for lǜ), so numbered forms round-trip. Tone `5` is the neutral tone.
public struct PinyinSyllable: Hashable, Sendable, Codable {
    /// The letters without tone, `ü` written as `v` (for example `lv`, `Bei`, `r`).
    public var letters: String
    /// 1–4 for the four tones, 5 for the neutral tone.
    public var tone: Int

    /// Creates a syllable from its letters (with `v` or `ü` or `u:` for ü) and tone.
    public init(letters: String, tone: Int) {
        self.letters = letters.replacingOccurrences(of: "u:", with: "v").replacingOccurrences(of: "ü", with: "v")
            .replacingOccurrences(of: "U:", with: "V").replacingOccurrences(of: "Ü", with: "V")
        self.tone = (1...5).contains(tone) ? tone : 5
    }

    /// Parses a numbered syllable such as `yue4`, `lu:4`, `lv4`, `r5` or `de` (no digit: neutral).
    public init?(numbered text: some StringProtocol) {
        guard let last = text.last else { return nil }
        var letters = Substring(text)
        var tone = 5
        if let digit = last.wholeNumberValue {
            guard (0...5).contains(digit) else { return nil }
            tone = digit == 0 ? 5 : digit
            letters = letters.dropLast()
        }
        guard !letters.isEmpty,
            letters.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == ":" })
        else { return nil }
        self.init(letters: String(letters), tone: tone)
    }

    /// The syllable with a tone number, `ü` as `v` (`lv4`, `ma5`).
    public var numbered: String { "\(letters)\(tone)" }

    /// The syllable with its tone mark (`lǜ`, `ma`), placed by the standard rules:
    /// on `a` or `e` if present, on the `o` of `ou`, otherwise on the last vowel.
    public var marked: String {
        var characters = Array(
            letters.replacingOccurrences(of: "v", with: "ü").replacingOccurrences(of: "V", with: "Ü"))
        guard tone >= 1 && tone <= 4 else { return String(characters) }
        let lower = characters.map { Character($0.lowercased()) }
        var target: Int?
        if let index = lower.firstIndex(where: { $0 == "a" || $0 == "e" }) {
            target = index
        } else if let index = lower.firstIndex(of: "o"), index + 1 < lower.count, lower[index + 1] == "u" {
            target = index
        } else {
            target = lower.lastIndex(where: { "aeiouü".contains($0) })
        }
        // Syllabic consonants (ḿ, ń, ňg, hm̄, hňg) carry the mark on their m or n.
        let index = target ?? lower.firstIndex(where: { $0 == "m" || $0 == "n" }) ?? 0
        if let marked = Self.toneMarked[characters[index]]?[tone - 1] { characters[index] = marked }
        return String(characters)
    }

    /// Precomposed tone-marked letters, tones 1–4 (no Unicode normalisation at run time).
    private static let toneMarked: [Character: [Character?]] = [
        "a": ["ā", "á", "ǎ", "à"], "e": ["ē", "é", "ě", "è"], "i": ["ī", "í", "ǐ", "ì"],
        "o": ["ō", "ó", "ǒ", "ò"], "u": ["ū", "ú", "ǔ", "ù"], "ü": ["ǖ", "ǘ", "ǚ", "ǜ"],
        "A": ["Ā", "Á", "Ǎ", "À"], "E": ["Ē", "É", "Ě", "È"], "I": ["Ī", "Í", "Ǐ", "Ì"],
        "O": ["Ō", "Ó", "Ǒ", "Ò"], "U": ["Ū", "Ú", "Ǔ", "Ù"], "Ü": ["Ǖ", "Ǘ", "Ǚ", "Ǜ"],
        "m": ["m\u{0304}", "ḿ", "m\u{030C}", "m\u{0300}"], "n": ["n\u{0304}", "ń", "ň", "ǹ"],
        "M": ["M\u{0304}", "Ḿ", "M\u{030C}", "M\u{0300}"], "N": ["N\u{0304}", "Ń", "Ň", "Ǹ"],
    ]

    /// The letters without tone and with `ü` as `v`, lowercased: the key used for tone-insensitive search.
    public var toneless: String { letters.lowercased() }
}
