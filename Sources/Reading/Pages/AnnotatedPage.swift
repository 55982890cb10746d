public import ChineseText

/// A page's text cut into paragraphs of tappable words and plain text, with readings and levels.
public struct AnnotatedPage: Hashable, Sendable {
    /// The paragraphs, in order; each is a run of pieces that tile the paragraph's text.
    public var paragraphs: [[AnnotatedToken]]
    /// Whether segmentation failed and every Han character is its own piece (seed 000 §11).
    public var isCharacterFallback: Bool

    /// Creates a page.
    public init(paragraphs: [[AnnotatedToken]], isCharacterFallback: Bool) {
        self.paragraphs = paragraphs
        self.isCharacterFallback = isCharacterFallback
    }

    /// Every distinct word a learner can tap, in order of first appearance.
    public var words: [String] {
        var seen = Set<String>()
        return paragraphs.joined().filter(\.isWord).map(\.text).filter { seen.insert($0).inserted }
    }
}

/// One piece of a page: a word a learner can tap, or text around it.
public struct AnnotatedToken: Hashable, Sendable, Codable {
    /// The text, exactly as on the page.
    public var text: String
    /// Whether the piece is a Chinese word (tappable); false for punctuation, spaces and Latin text.
    public var isWord: Bool
    /// Whether the dictionary has an entry for the word.
    public var hasEntry: Bool
    /// The reading of each scalar of `text` (nil for non-Han scalars).
    public var syllables: [PinyinSyllable?]
    /// The word's HSK level in the reader's chosen standard, if listed.
    public var hskLevel: Int?
    /// Where the piece starts in the page's text, in UTF-16 code units (as the DOM counts).
    public var utf16Offset: Int

    /// Creates a piece.
    public init(
        text: String, isWord: Bool, hasEntry: Bool, syllables: [PinyinSyllable?], hskLevel: Int?, utf16Offset: Int
    ) {
        self.text = text
        self.isWord = isWord
        self.hasEntry = hasEntry
        self.syllables = syllables
        self.hskLevel = hskLevel
        self.utf16Offset = utf16Offset
    }

    /// The reading with tone marks, syllables separated by spaces (`yuè liang`).
    public var pinyin: String { syllables.compactMap { $0?.marked }.joined(separator: " ") }
}
