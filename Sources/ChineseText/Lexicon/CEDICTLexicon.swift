public import Foundation

/// The bundled CC-CEDICT, read from the pre-built `lexicon.bin`.
///
/// Loading copies the file into memory and parses nothing else, so construction takes a few
/// milliseconds; every query walks the file's trie and tables directly.
public final class CEDICTLexicon: Lexicon {
    let file: LexiconFile

    /// Loads the lexicon from a `lexicon.bin` file.
    public init(contentsOf url: URL) throws {
        file = try LexiconFile(contentsOf: url)
    }

    /// The number of CEDICT entries.
    public var entryCount: Int { file.entryCount }

    /// The source packages and versions the data was built from.
    public var sources: [String: String] { file.metadata.sources }

    /// Every entry whose simplified or traditional headword is `headword`, best first.
    public func entries(for headword: String) -> [DictionaryEntry] {
        guard !headword.isEmpty, let node = file.node(for: headword) else { return [] }
        return file.entryIndices(atNode: node).map(entry(at:))
    }

    /// Whether `word` is a CEDICT headword (simplified or traditional).
    public func contains(_ word: some StringProtocol) -> Bool {
        guard let node = file.node(for: word) else { return false }
        return file.nodePostingCount(node) > 0
    }

    /// jieba's corpus count for `word` (or its simplified form); 0 if unknown.
    public func frequency(of word: String) -> Int {
        guard let node = file.node(for: word) else { return 0 }
        return Int(file.nodeFrequency(node))
    }

    func entry(at index: Int) -> DictionaryEntry {
        let fields = file.entryFields(index)
        return DictionaryEntry(
            traditional: fields.traditional, simplified: fields.simplified,
            pinyinNumbered: fields.pinyin, senses: fields.senses)
    }

    /// The preferred numbered reading of a headword (the reading of its best entry).
    func preferredReading(of word: some StringProtocol) -> String? {
        guard let node = file.node(for: word), file.nodePostingCount(node) > 0 else { return nil }
        let index = file.posting(file.nodePostingStart(node))
        return String(decoding: file.pinyinBytes(ofEntry: index), as: UTF8.self)
    }

    // MARK: English

    /// English reverse lookup: whole-sense matches first, then by frequency.
    public func search(english query: String, limit: Int = 20) -> [DictionaryEntry] {
        let normalizedQuery = Self.normalize(query)
        let needle = Array(normalizedQuery.utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        // Within a tier: order of magnitude of frequency first, then fewer senses (a word that means
        // just this: 月亮 "the moon" before 月 "moon; month"), then exact frequency.
        var hits: [(tier: Int, magnitude: Int, senses: Int, frequency: Int, length: Int, index: Int)] = []
        for index in 0..<file.entryCount {
            let senses = file.sensesBytes(ofEntry: index)
            guard Self.containsWord(needle, in: senses) else { continue }
            let entry = entry(at: index)
            guard let tier = Self.tier(of: entry, for: normalizedQuery) else { continue }
            let frequency = frequency(of: entry.simplified)
            hits.append(
                (
                    tier + (entry.isProperNoun ? 1 : 0) + (entry.isOnlyCrossReference ? 2 : 0),
                    frequency > 0 ? Int(log10(Double(frequency))) : -1, entry.senses.count, frequency,
                    entry.simplified.count, index
                ))
        }
        hits.sort { lhs, rhs in
            if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
            if lhs.magnitude != rhs.magnitude { return lhs.magnitude > rhs.magnitude }
            if lhs.senses != rhs.senses { return lhs.senses < rhs.senses }
            if lhs.frequency != rhs.frequency { return lhs.frequency > rhs.frequency }
            if lhs.length != rhs.length { return lhs.length < rhs.length }
            return lhs.index < rhs.index
        }
        return hits.prefix(limit).map { entry(at: $0.index) }
    }

    /// 0 when a sense (or a `;`-separated part of one) is exactly the query once parentheses
    /// and a leading "to"/"a"/"the" are dropped; 2 when the query occurs in a sense as whole words.
    private static func tier(of entry: DictionaryEntry, for query: String) -> Int? {
        var best: Int?
        for sense in entry.senses {
            for part in sense.split(separator: ";") {
                let normalized = normalize(part)
                if normalized == query { return 0 }
                if containsWord(Array(query.utf8), in: normalized) { best = min(best ?? 2, 2) }
            }
        }
        return best
    }

    private static func normalize(_ sense: some StringProtocol) -> String {
        var text = ""
        var depth = 0
        for character in sense.lowercased() {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(0, depth - 1); continue }
            if depth == 0 { text.append(character) }
        }
        var words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if let first = words.first, ["to", "a", "an", "the"].contains(first), words.count > 1 {
            words.removeFirst()
        }
        return words.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters)
    }

    private static func containsWord(_ needle: [UInt8], in text: String) -> Bool {
        var text = text
        return text.withUTF8 { containsWord(needle, in: UnsafeRawBufferPointer($0)) }
    }

    /// Case-insensitive ASCII search for `needle` bounded by non-letters on both sides.
    private static func containsWord(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Bool {
        let count = needle.count
        guard haystack.count >= count, let first = needle.first else { return false }
        var start = 0
        let last = haystack.count - count
        while start <= last {
            if lowered(haystack[start]) == first {
                var matched = true
                var offset = 1
                while offset < count {
                    if lowered(haystack[start + offset]) != needle[offset] {
                        matched = false
                        break
                    }
                    offset += 1
                }
                if matched {
                    let before = start == 0 ? UInt8(0x20) : haystack[start - 1]
                    let after = start + count == haystack.count ? UInt8(0x20) : haystack[start + count]
                    if !isWordByte(before) && !isWordByte(after) { return true }
                }
            }
            start += 1
        }
        return false
    }

    @inline(__always) private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte >= 0x80
    }

    // MARK: Pinyin

    /// Entries read as `query`, most frequent first; typed tones must match.
    public func search(pinyin query: PinyinQuery, limit: Int = 20) -> [DictionaryEntry] {
        let key = Array(query.key.utf8)
        let count = file.entryCount
        // Lower bound of the first entry whose key is >= the query key.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if compareKey(ofEntry: file.pinyinIndexEntry(middle), to: key) < 0 {
                low = middle + 1
            } else {
                high = middle
            }
        }
        var results: [DictionaryEntry] = []
        var position = low
        while position < count, results.count < limit {
            let index = file.pinyinIndexEntry(position)
            guard compareKey(ofEntry: index, to: key) == 0 else { break }
            let entry = entry(at: index)
            if query.matchesTones(of: Self.pieces(of: entry.pinyinNumbered)) { results.append(entry) }
            position += 1
        }
        return results
    }

    /// A reading's parts as letters counted toward the search key, and tones.
    private static func pieces(of reading: String) -> [(letters: Int, tone: Int?)] {
        reading.split(separator: " ").map { piece in
            let letters = piece.lowercased().replacingOccurrences(of: "u:", with: "v").unicodeScalars.filter {
                $0.value >= 0x61 && $0.value <= 0x7A
            }.count
            return (letters, piece.last?.isNumber == true ? PinyinSyllable(numbered: piece)?.tone : nil)
        }
    }

    /// Compares an entry's pinyin key (letters only, lowercased, `u:` as `v`) with `key`.
    private func compareKey(ofEntry index: Int, to key: [UInt8]) -> Int {
        let pinyin = file.pinyinBytes(ofEntry: index)
        var keyPosition = 0
        var position = 0
        while position < pinyin.count {
            var byte = pinyin[position]
            position += 1
            if Self.lowered(byte) == 0x75, position < pinyin.count, pinyin[position] == 0x3A {  // "u:" → "v"
                byte = 0x76
                position += 1
            }
            byte = Self.lowered(byte)
            guard byte >= 0x61 && byte <= 0x7A else { continue }
            guard keyPosition < key.count else { return 1 }
            if byte != key[keyPosition] { return byte < key[keyPosition] ? -1 : 1 }
            keyPosition += 1
        }
        return keyPosition == key.count ? 0 : -1
    }
}
