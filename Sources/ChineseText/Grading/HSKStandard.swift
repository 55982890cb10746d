/// A version of the HSK graded word and character lists.
public enum HSKStandard: String, Hashable, Sendable, Codable, CaseIterable {
    /// HSK 2.0 (2012–2021 exams), levels 1–6.
    case hsk2 = "hsk2"
    /// HSK 3.0, the 2021 national standard GF0025-2021: levels 1–6 and the 7–9 band (stored as 7).
    case hsk3 = "hsk3"

    /// The levels in grading order; for HSK 3.0 the last one, 7, stands for the 7–9 band.
    public var levels: [Int] { self == .hsk2 ? Array(1...6) : Array(1...7) }

    /// How a level is printed: `"4"`, or `"7–9"` for the HSK 3.0 band.
    public func label(_ level: Int) -> String { self == .hsk3 && level == 7 ? "7–9" : String(level) }

    /// The standard's name as shown to people.
    public var displayName: String { self == .hsk2 ? "HSK 2.0" : "HSK 3.0 (2021 standard)" }
}

/// The HSK graded lists of both standards: words and characters by level.
public struct HSKVocabulary: Sendable {
    private let words: [HSKStandard: [String: Int]]
    private let characters: [HSKStandard: [String: Int]]

    /// Creates the vocabulary from explicit tables (for tests and custom lists).
    public init(words: [HSKStandard: [String: Int]], characters: [HSKStandard: [String: Int]]) {
        self.words = words
        self.characters = characters
    }

    /// The level of `word` under `standard`, or `nil` if the list does not have it.
    public func level(ofWord word: String, in standard: HSKStandard) -> Int? { words[standard]?[word] }

    /// The level of the character `character` under `standard`, or `nil` if ungraded.
    public func level(ofCharacter character: String, in standard: HSKStandard) -> Int? {
        characters[standard]?[character]
    }
}
