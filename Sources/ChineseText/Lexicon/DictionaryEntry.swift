/// One CC-CEDICT entry: a headword in both scripts, one reading, and its senses.
public struct DictionaryEntry: Hashable, Sendable, Codable {
    /// The headword in traditional characters.
    public var traditional: String
    /// The headword in simplified characters.
    public var simplified: String
    /// The reading exactly as CEDICT writes it, with tone numbers (`yue4 liang5`, `lu:4`).
    public var pinyinNumbered: String
    /// The reading with tone marks, joined as dictionaries print it (`yuèliang`).
    public var pinyin: String
    /// The English senses, in CEDICT's order, without the measure-word sense.
    public var senses: [String]
    /// Measure words (classifiers) CEDICT gives for the word (`CL:` senses).
    public var measureWords: [WordReference]
    /// Entries this one points to: "variant of", "see also", "abbr. for" and the like.
    public var crossReferences: [CrossReference]
    /// Whether one of the senses is "surname …".
    public var isSurname: Bool
    /// Whether the reading is capitalised, CEDICT's mark of a proper noun (Běijīng).
    public var isProperNoun: Bool

    /// Builds an entry from CEDICT's fields: `senses` is the text between the outer slashes.
    public init(traditional: String, simplified: String, pinyinNumbered: String, senses: String) {
        self.traditional = traditional
        self.simplified = simplified
        self.pinyinNumbered = pinyinNumbered
        self.pinyin = Pinyin.marked(numbered: pinyinNumbered)
        var plainSenses: [String] = []
        var measureWords: [WordReference] = []
        var crossReferences: [CrossReference] = []
        var isSurname = false
        for sense in senses.split(separator: "/", omittingEmptySubsequences: true) {
            if sense.hasPrefix("CL:") {
                measureWords += sense.dropFirst(3).split(separator: ",").compactMap(WordReference.init(cedict:))
                continue
            }
            plainSenses.append(String(sense))
            if sense.lowercased().hasPrefix("surname ") { isSurname = true }
            if let reference = CrossReference(sense: sense) { crossReferences.append(reference) }
        }
        self.senses = plainSenses
        self.measureWords = measureWords
        self.crossReferences = crossReferences
        self.isSurname = isSurname
        self.isProperNoun = pinyinNumbered.first?.isUppercase ?? false
    }

    /// The syllables of the reading; `nil` where CEDICT's reading has a non-syllable (`·`, a Latin letter).
    public var syllables: [PinyinSyllable?] { Pinyin.syllables(numbered: pinyinNumbered) }

    /// Whether every sense only points at another entry (a pure variant or cross-reference).
    public var isOnlyCrossReference: Bool { !senses.isEmpty && crossReferences.count == senses.count }
}

/// A word named inside a CEDICT sense, written `個|个[ge4]` or `月[yue4]`.
public struct WordReference: Hashable, Sendable, Codable {
    /// Traditional form.
    public var traditional: String
    /// Simplified form.
    public var simplified: String
    /// Numbered reading, if CEDICT gives one.
    public var pinyinNumbered: String?

    /// Parses CEDICT's reference syntax; returns `nil` if `text` is not one.
    public init?(cedict text: some StringProtocol) {
        let text = String(text).trimmingWhitespace
        var forms = Substring(text)
        var reading: String?
        if let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") {
            reading = String(text[text.index(after: open)..<close])
            forms = text[..<open]
        }
        let parts = forms.split(separator: "|", maxSplits: 1)
        guard let first = parts.first, !first.isEmpty, first.unicodeScalars.contains(where: \.isHan) else {
            return nil
        }
        traditional = String(first)
        simplified = parts.count > 1 ? String(parts[1]) : String(first)
        pinyinNumbered = reading
    }

    /// The reading with tone marks, if known.
    public var pinyin: String? { pinyinNumbered.map { Pinyin.marked(numbered: $0) } }
}

/// A sense that points at another entry ("variant of 於|于[yu2]", "see also 月[yue4]").
public struct CrossReference: Hashable, Sendable, Codable {
    /// The relation as CEDICT words it ("variant of", "old variant of", "see also", "abbr. for").
    public var relation: String
    /// The entry pointed at.
    public var target: WordReference

    /// Recognises a cross-reference sense; `nil` for an ordinary sense.
    public init?(sense: some StringProtocol) {
        let lower = sense.lowercased()
        for relation in Self.relations where lower.hasPrefix(relation + " ") {
            let rest = sense.dropFirst(relation.count + 1)
            let candidate = rest.split(separator: " ", maxSplits: 1).first ?? rest
            guard let target = WordReference(cedict: candidate) else { return nil }
            self.relation = relation
            self.target = target
            return
        }
        return nil
    }

    private static let relations = [
        "old variant of", "erhua variant of", "japanese variant of", "archaic variant of", "variant of",
        "see also", "see", "abbr. for", "abbr. to", "used in", "also written", "same as",
    ]
}
