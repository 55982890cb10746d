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
///
/// Built from the data file, the collection keeps the file's bytes and parses only the lines a
/// search matches, so the first lookup does not pay for parsing all of them.
public struct ExampleSentences: Sendable {
    /// Tab-separated lines `id, level, simplified, traditional, pinyin, english`, as UTF-8.
    private let bytes: [UInt8]
    /// Where each line starts in `bytes`, plus the end.
    private let lineStarts: [Int]

    /// Creates the collection from sentences.
    public init(_ sentences: [ExampleSentence]) {
        self.init(
            tsv: sentences.map { sentence in
                [
                    sentence.id, String(sentence.hskLevel), sentence.simplified, sentence.traditional,
                    sentence.pinyin, sentence.english,
                ].map { $0.replacingTabsAndLineBreaks }.joined(separator: "\t")
            }.joined(separator: "\n"))
    }

    /// Creates the collection from the data file's text (`sentences.tsv`).
    init(tsv text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        if starts.last != bytes.count { starts.append(bytes.count) }
        lineStarts = starts
    }

    /// Every sentence, in the source's order (easiest first).
    public var all: [ExampleSentence] { (0..<lineStarts.count - 1).compactMap(sentence(atLine:)) }

    /// Up to `limit` sentences containing `word` (in either script), the lowest HSK level and the
    /// shortest first, so a learner sees the simplest use.
    public func containing(_ word: String, limit: Int = 3) -> [ExampleSentence] {
        let needle = Array(word.utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        var lines: [Int] = []
        var start = 0
        while let match = Self.firstMatch(of: needle, in: bytes, from: start) {
            let line = lineIndex(containing: match)
            lines.append(line)
            start = lineStarts[line + 1]
        }
        let matches = lines.compactMap(sentence(atLine:)).filter {
            $0.simplified.contains(word) || $0.traditional.contains(word)
        }
        return Array(
            matches.sorted {
                ($0.hskLevel, $0.simplified.unicodeScalars.count, $0.id)
                    < ($1.hskLevel, $1.simplified.unicodeScalars.count, $1.id)
            }.prefix(limit))
    }

    private func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low + 1 < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    private func sentence(atLine line: Int) -> ExampleSentence? {
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
        let fields = bytes[lineStarts[line]..<end].split(separator: 0x09, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count >= 6, let level = Int(fields[1]) else { return nil }
        return ExampleSentence(
            id: fields[0], hskLevel: level, simplified: fields[2], traditional: fields[3], pinyin: fields[4],
            english: fields[5])
    }

    /// Byte substring search; UTF-8 is self-synchronising, so a match is always on character bounds.
    private static func firstMatch(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var position = start
        let last = haystack.count - needle.count
        while position <= last {
            if haystack[position] == first {
                var offset = 1
                while offset < needle.count && haystack[position + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return position }
            }
            position += 1
        }
        return nil
    }
}

extension String {
    fileprivate var replacingTabsAndLineBreaks: String {
        String(map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}
