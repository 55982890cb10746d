public import ChineseText

/// `GET /api/v1/lookup`: what the tap-to-define popup shows.
public struct LookupDTO: Codable, Hashable, Sendable {
    /// The word looked up.
    public var word: String
    /// Whether the dictionary has an entry (false: only `pinyin` is known).
    public var found: Bool
    /// The reading with tone marks.
    public var pinyin: String
    /// Dictionary entries, best first.
    public var entries: [Entry]
    /// The level in the reader's standard, if listed.
    public var hsk: Level?
    /// HSK 2.0 level, if listed.
    public var hsk2Level: Int?
    /// HSK 3.0 level (7 means 7–9), if listed.
    public var hsk3Level: Int?
    /// Measure words for nouns.
    public var measureWords: [MeasureWord]
    /// An example sentence with translation, if there is one.
    public var example: Example?
    /// Whether the learner has the word marked.
    public var marked: Bool
    /// How many times the learner marked it.
    public var markCount: Int

    /// One dictionary entry.
    public struct Entry: Codable, Hashable, Sendable {
        /// Simplified headword.
        public var simplified: String
        /// Traditional headword.
        public var traditional: String
        /// Reading with tone marks.
        public var pinyin: String
        /// English senses.
        public var senses: [String]

        /// Creates an entry.
        public init(simplified: String, traditional: String, pinyin: String, senses: [String]) {
            self.simplified = simplified
            self.traditional = traditional
            self.pinyin = pinyin
            self.senses = senses
        }
    }

    /// A level with its standard and a label to show.
    public struct Level: Codable, Hashable, Sendable {
        /// `hsk2` or `hsk3`.
        public var standard: HSKStandard
        /// 1–6 (7 for HSK 3.0's 7–9 band).
        public var level: Int
        /// For example "HSK 3.0 level 2".
        public var label: String

        /// Creates a level.
        public init(standard: HSKStandard, level: Int, label: String) {
            self.standard = standard
            self.level = level
            self.label = label
        }
    }

    /// A measure word.
    public struct MeasureWord: Codable, Hashable, Sendable {
        /// Simplified form.
        public var simplified: String
        /// Traditional form, if different.
        public var traditional: String?
        /// Reading with tone marks.
        public var pinyin: String?

        /// Creates a measure word.
        public init(simplified: String, traditional: String?, pinyin: String?) {
            self.simplified = simplified
            self.traditional = traditional
            self.pinyin = pinyin
        }
    }

    /// An example sentence.
    public struct Example: Codable, Hashable, Sendable {
        /// The sentence in simplified characters.
        public var simplified: String
        /// Its reading.
        public var pinyin: String
        /// Its English translation.
        public var english: String

        /// Creates an example.
        public init(simplified: String, pinyin: String, english: String) {
            self.simplified = simplified
            self.pinyin = pinyin
            self.english = english
        }
    }

    /// Creates a lookup answer.
    public init(
        word: String, found: Bool, pinyin: String, entries: [Entry], hsk: Level?, hsk2Level: Int?, hsk3Level: Int?,
        measureWords: [MeasureWord], example: Example?, marked: Bool, markCount: Int
    ) {
        self.word = word
        self.found = found
        self.pinyin = pinyin
        self.entries = entries
        self.hsk = hsk
        self.hsk2Level = hsk2Level
        self.hsk3Level = hsk3Level
        self.measureWords = measureWords
        self.example = example
        self.marked = marked
        self.markCount = markCount
    }
}
