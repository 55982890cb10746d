/// What a token is made of.
public enum TokenKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Han characters: a dictionary word, a name, or a single character.
    case chineseWord
    /// Letters (Latin, Greek, Cyrillic, full-width forms), possibly with digits: `iPhone`, `A-AVG`.
    case latinWord
    /// A number, alone or with its unit: `15`, `3.5%`, `三百五十`, `2024年`, `第一次`.
    case number
    /// Punctuation and symbols: `，`, `……`, `(`.
    case punctuation
    /// Spaces, tabs, line breaks, ideographic spaces.
    case whitespace
    /// Anything else: kana, hangul, emoji.
    case other
}

/// Where a Chinese token came from.
public enum TokenSource: String, Hashable, Sendable, Codable {
    /// A CC-CEDICT headword.
    case dictionary
    /// A number, date or measure expression recognised by rule.
    case rule
    /// A person or place name proposed by the unknown-word model.
    case name
    /// A word or split the user added.
    case user
    /// A character the dictionary does not know, or a run the other sources did not claim.
    case unknown
}

/// One piece of segmented text.
///
/// Tokens tile their input: concatenating the `text` of every token gives the input back exactly.
public struct Token: Hashable, Sendable, Codable {
    /// The token's text, exactly as in the input.
    public var text: String
    /// What the token is.
    public var kind: TokenKind
    /// Where the token came from.
    public var source: TokenSource
    /// Position in UTF-16 code units, as JavaScript and the DOM count.
    public var utf16Range: Range<Int>
    /// Position in Unicode scalars (code points), as Python counts characters.
    public var characterRange: Range<Int>

    /// Creates a token.
    public init(
        text: String, kind: TokenKind, source: TokenSource, utf16Range: Range<Int>, characterRange: Range<Int>
    ) {
        self.text = text
        self.kind = kind
        self.source = source
        self.utf16Range = utf16Range
        self.characterRange = characterRange
    }

    /// Whether the token holds words a learner might look up (Chinese words, names, numbers in Han).
    public var isChinese: Bool { text.unicodeScalars.contains(where: \.isHan) }
}
