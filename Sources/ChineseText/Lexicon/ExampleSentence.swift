/// A graded example sentence with its translation.
public struct ExampleSentence: Hashable, Sendable, Codable {
    /// The source's identifier (`hsk1-0001`).
    public var id: String
    /// The HSK 3.0 level the source assigns.
    public var hskLevel: Int
    /// The sentence in simplified characters.
    public var simplified: String
    /// The sentence in traditional characters.
    public var traditional: String
    /// The reading with tone marks, syllable by syllable.
    public var pinyin: String
    /// The English translation.
    public var english: String

    /// Creates a sentence.
    public init(id: String, hskLevel: Int, simplified: String, traditional: String, pinyin: String, english: String) {
        self.id = id
        self.hskLevel = hskLevel
        self.simplified = simplified
        self.traditional = traditional
        self.pinyin = pinyin
        self.english = english
    }
}

/// The bundled example sentences, searchable by the word they contain.
public struct ExampleSentences: Sendable {
    /// Every sentence, easiest first as the source orders them.
    public let all: [ExampleSentence]

    /// Creates the collection from sentences.
    public init(_ sentences: [ExampleSentence]) {
        all = sentences
    }

    /// Up to `limit` sentences containing `word` (in either script), the lowest HSK level and the
    /// shortest first, so a learner sees the simplest use.
    public func containing(_ word: String, limit: Int = 3) -> [ExampleSentence] {
        guard !word.isEmpty, limit > 0 else { return [] }
        let matches = all.filter { $0.simplified.contains(word) || $0.traditional.contains(word) }
        return Array(
            matches.sorted {
                ($0.hskLevel, $0.simplified.count, $0.id) < ($1.hskLevel, $1.simplified.count, $1.id)
            }.prefix(limit))
    }
}
