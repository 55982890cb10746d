/// Everything a learner sees when looking a word up: its entries, HSK levels and examples.
public struct WordLookup: Hashable, Sendable, Codable {
    /// The headword as looked up.
    public var headword: String
    /// CC-CEDICT entries, best first. For a character with no entry of its own, one entry built
    /// from its readings (see `isCharacterFallback`).
    public var entries: [DictionaryEntry]
    /// Whether the entries were built from character readings because CEDICT has no entry.
    public var isCharacterFallback: Bool
    /// HSK 2.0 level (1–6), if listed.
    public var hsk2Level: Int?
    /// HSK 3.0 level (1–6, or 7 for the 7–9 band), if listed.
    public var hsk3Level: Int?
    /// For a single character: its level in the HSK 2.0 character list (derived from the words).
    public var hsk2CharacterLevel: Int?
    /// For a single character: its level in the HSK 3.0 character list.
    public var hsk3CharacterLevel: Int?
    /// Corpus frequency (jieba's counts); 0 if unknown.
    public var frequency: Int
    /// Up to three example sentences containing the word.
    public var examples: [ExampleSentence]
}

/// The dictionary a learner uses: CC-CEDICT with HSK levels, example sentences and readings for
/// characters CEDICT lacks.
public struct LearnerDictionary: Sendable {
    let resources: ChineseTextResources

    /// Creates the dictionary over loaded resources.
    public init(resources: ChineseTextResources) {
        self.resources = resources
    }

    /// Looks up a simplified or traditional headword; `nil` if neither CEDICT nor the character
    /// table knows it. Surrounding whitespace is ignored.
    public func lookUp(_ headword: String) -> WordLookup? {
        let headword = headword.trimmingWhitespace
        guard !headword.isEmpty else { return nil }
        var entries = resources.lexicon.entries(for: headword)
        var isFallback = false
        if entries.isEmpty {
            guard headword.unicodeScalars.count == 1, let scalar = headword.unicodeScalars.first else { return nil }
            let readings = resources.characterReadings.readings(of: scalar)
            guard !readings.isEmpty else { return nil }
            isFallback = true
            entries = readings.map { reading in
                DictionaryEntry(traditional: headword, simplified: headword, pinyinNumbered: reading, senses: "")
            }
        }
        let simplified = entries.first?.simplified ?? headword
        let hsk = resources.hsk
        func level(_ standard: HSKStandard) -> Int? {
            hsk.level(ofWord: headword, in: standard) ?? hsk.level(ofWord: simplified, in: standard)
        }
        func characterLevel(_ standard: HSKStandard) -> Int? {
            guard headword.unicodeScalars.count == 1 else { return nil }
            return hsk.level(ofCharacter: headword, in: standard) ?? hsk.level(ofCharacter: simplified, in: standard)
        }
        return WordLookup(
            headword: headword, entries: entries, isCharacterFallback: isFallback, hsk2Level: level(.hsk2),
            hsk3Level: level(.hsk3), hsk2CharacterLevel: characterLevel(.hsk2),
            hsk3CharacterLevel: characterLevel(.hsk3), frequency: resources.lexicon.frequency(of: simplified),
            examples: resources.examples.containing(simplified, limit: 3))
    }

    /// English reverse lookup (`moon` → 月亮, 月 …).
    public func search(english query: String, limit: Int = 20) -> [DictionaryEntry] {
        resources.lexicon.search(english: query, limit: limit)
    }

    /// Pinyin search with or without tones (`yueliang`, `yue4liang`, `yuèliàng`).
    public func search(pinyin query: String, limit: Int = 20) -> [DictionaryEntry] {
        guard let query = PinyinQuery(query) else { return [] }
        return resources.lexicon.search(pinyin: query, limit: limit)
    }
}
