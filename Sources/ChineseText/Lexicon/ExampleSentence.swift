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
    /// Each sentence's simplified and traditional text as UTF-8, for fast substring search.
    private let haystacks: [[UInt8]]

    /// Creates the collection from sentences.
    public init(_ sentences: [ExampleSentence]) {
        all = sentences
        haystacks = sentences.map { Array(($0.simplified + "\t" + $0.traditional).utf8) }
    }

    /// Up to `limit` sentences containing `word` (in either script), the lowest HSK level and the
    /// shortest first, so a learner sees the simplest use.
    public func containing(_ word: String, limit: Int = 3) -> [ExampleSentence] {
        let needle = Array(word.utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        let matches = all.indices.filter { Self.contains(haystacks[$0], needle) }.map { all[$0] }
        return Array(
            matches.sorted {
                ($0.hskLevel, $0.simplified.unicodeScalars.count, $0.id)
                    < ($1.hskLevel, $1.simplified.unicodeScalars.count, $1.id)
            }.prefix(limit))
    }

    /// Byte substring search; UTF-8 is self-synchronising, so a match is always on character bounds.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
