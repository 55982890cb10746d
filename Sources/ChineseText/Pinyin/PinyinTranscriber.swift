/// A token with the reading of each of its characters.
public struct PinyinToken: Hashable, Sendable, Codable {
    /// The token.
    public var token: Token
    /// One reading per Unicode scalar of the token: `nil` for anything that is not a Han character.
    public var syllables: [PinyinSyllable?]

    /// Creates a token with its readings.
    public init(token: Token, syllables: [PinyinSyllable?]) {
        self.token = token
        self.syllables = syllables
    }

    /// The readings with tone marks, joined as a word (`yínháng`); empty for non-Chinese tokens.
    public var marked: String {
        syllables.compactMap { $0 }.enumerated().map { index, syllable in
            let text = syllable.marked
            if index > 0, let first = text.first, "aeoāáǎàēéěèōóǒò".contains(first) { return "'" + text }
            return text
        }.joined()
    }

    /// The readings with tone numbers, space separated (`yin2 hang2`).
    public var numbered: String { syllables.compactMap { $0?.numbered }.joined(separator: " ") }
}

/// Gives running text its pinyin, reading each word as a word (银行 yínháng, 行走 xíngzǒu,
/// 了解 liǎojiě but 了 le), and characters outside any word by their most common reading.
public struct PinyinTranscriber: Sendable {
    /// How to render readings.
    public struct Options: Hashable, Sendable {
        /// Apply tone sandhi: third-tone pairs (你好 ní hǎo) and the tone changes of 一 and 不.
        /// Off by default: dictionaries and most learners' materials print citation tones.
        public var toneSandhi: Bool

        /// Creates options.
        public init(toneSandhi: Bool = false) {
            self.toneSandhi = toneSandhi
        }
    }

    private let lexicon: CEDICTLexicon
    private let characterReadings: CharacterReadings
    private let segmenter: any Segmenter

    /// Creates a transcriber that segments with `segmenter` and reads with `resources`.
    public init(resources: ChineseTextResources, segmenter: any Segmenter) {
        lexicon = resources.lexicon
        characterReadings = resources.characterReadings
        self.segmenter = segmenter
    }

    /// Segments `text` and reads every Han character in it.
    public func transcribe(_ text: String, options: Options = Options()) -> [PinyinToken] {
        var tokens = segmenter.segment(text).map { PinyinToken(token: $0, syllables: readings(of: $0)) }
        ContextualReadings.apply(to: &tokens)
        if options.toneSandhi { ToneSandhi.apply(to: &tokens) }
        return tokens
    }

    /// The readings of one token, aligned with its scalars.
    public func readings(of token: Token) -> [PinyinSyllable?] {
        let scalars = Array(token.text.unicodeScalars)
        guard scalars.contains(where: \.isHan) else { return Array(repeating: nil, count: scalars.count) }
        if token.source == .dictionary || token.source == .user, let reading = lexicon.preferredReading(of: token.text)
        {
            let syllables = Pinyin.syllables(numbered: reading)
            if syllables.count == scalars.count {
                return zip(scalars, syllables).map { scalar, syllable in scalar.isHan ? syllable : nil }
            }
            let hanCount = scalars.filter(\.isHan).count
            let readable = syllables.compactMap { $0 }
            if readable.count == hanCount {
                var iterator = readable.makeIterator()
                return scalars.map { $0.isHan ? iterator.next() : nil }
            }
        }
        return scalars.map { $0.isHan ? reading(of: $0) : nil }
    }

    /// The most common reading of a single character.
    func reading(of scalar: Unicode.Scalar) -> PinyinSyllable? {
        if let reading = lexicon.preferredReading(of: String(scalar)),
            let syllable = Pinyin.syllables(numbered: reading).first ?? nil
        {
            return syllable
        }
        return characterReadings.readings(of: scalar).first.flatMap { PinyinSyllable(numbered: $0) }
    }
}
