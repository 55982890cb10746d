public import ChineseText

/// A sentence split into words, each with its level in one HSK standard.
public struct GradedSentence: Hashable, Sendable, Codable {
    /// One word of the sentence.
    public struct Word: Hashable, Sendable, Codable {
        /// The word as segmented.
        public var text: String
        /// Its level in the standard, or `nil` when the list does not grade it.
        public var level: Int?

        /// Creates a word.
        public init(text: String, level: Int?) {
            self.text = text
            self.level = level
        }
    }

    /// The source sentence's identifier (`hsk3-0042`).
    public var id: String
    /// The level the source gives the sentence (HSK 3.0 for the bundled sentences).
    public var hskLevel: Int
    /// The sentence in simplified characters.
    public var text: String
    /// The Chinese words in reading order (punctuation, numbers in digits and Latin words left out).
    public var words: [Word]

    /// Creates a graded sentence.
    public init(id: String, hskLevel: Int, text: String, words: [Word]) {
        self.id = id
        self.hskLevel = hskLevel
        self.text = text
        self.words = words
    }

    /// Segments `sentence` and grades its Chinese words in `standard`.
    public init(_ sentence: ExampleSentence, segmenter: any Segmenter, hsk: HSKVocabulary, standard: HSKStandard) {
        let words = segmenter.segment(sentence.simplified).filter(\.isChinese).map {
            Word(text: $0.text, level: hsk.level(ofWord: $0.text, in: standard))
        }
        self.init(id: sentence.id, hskLevel: sentence.hskLevel, text: sentence.simplified, words: words)
    }

    /// Every bundled example sentence, segmented and graded in `standard`, in the source's order.
    public static func bundled(resources: ChineseTextResources, standard: HSKStandard) -> [GradedSentence] {
        let segmenter = resources.makeSegmenter()
        return resources.examples.all.map {
            GradedSentence($0, segmenter: segmenter, hsk: resources.hsk, standard: standard)
        }
    }
}

extension GradedSentence {
    /// The sentence cut into its graded words and the text between them, in order; `isWord` marks the words.
    ///
    /// The words were segmented from ``text``, so every one is found in order; text between words
    /// (punctuation, numbers, Latin) comes back as non-word pieces.
    public var pieces: [(text: String, isWord: Bool)] {
        var result: [(text: String, isWord: Bool)] = []
        var rest = text[...]
        for word in words {
            guard let range = rest.range(of: word.text) else { continue }
            if range.lowerBound > rest.startIndex { result.append((String(rest[..<range.lowerBound]), false)) }
            result.append((word.text, true))
            rest = rest[range.upperBound...]
        }
        if !rest.isEmpty { result.append((String(rest), false)) }
        return result
    }
}
