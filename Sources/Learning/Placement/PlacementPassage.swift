public import ChineseText

/// A short placement reading with sentences from every HSK level, for a first estimate at first launch.
///
/// The learner reads it and marks the words they do not know; ``observations(marked:)`` turns the
/// marks into evidence for ``ProficiencyEstimator``. Sentences are chosen so most of their words are
/// of their own level and none is above it, so each mark says something about one level.
public struct PlacementPassage: Hashable, Sendable, Codable {
    /// The standard the words are graded in.
    public var standard: HSKStandard
    /// The sentences, easiest first.
    public var sentences: [GradedSentence]

    /// Creates a passage from chosen sentences.
    public init(standard: HSKStandard, sentences: [GradedSentence]) {
        self.standard = standard
        self.sentences = sentences
    }

    /// The passage as one text, sentences run together.
    public var text: String { sentences.map(\.text).joined() }

    /// One observation per distinct word of the passage, marked when `marked` contains it.
    public func observations(marked: Set<String>) -> [WordObservation] {
        var seen: [String: (level: Int?, count: Int)] = [:]
        var order: [String] = []
        for word in sentences.flatMap(\.words) {
            if let entry = seen[word.text] {
                seen[word.text] = (entry.level, entry.count + 1)
            } else {
                seen[word.text] = (word.level, 1)
                order.append(word.text)
            }
        }
        return order.compactMap { word in
            seen[word].map {
                WordObservation(word: word, hskLevel: $0.level, timesSeen: $0.count, isMarked: marked.contains(word))
            }
        }
    }

    /// Builds the passage from the bundled example sentences, deterministically.
    ///
    /// For each level it takes the `sentencesPerLevel` sentences of that level with the most new
    /// words of the level, among those of at most `maximumLength` characters whose every word is
    /// graded and none above the level; shorter sentences and then the source order break ties.
    public static func build(
        resources: ChineseTextResources, standard: HSKStandard = .hsk3, levels: ClosedRange<Int> = 1...6,
        sentencesPerLevel: Int = 3, maximumLength: Int = 18
    ) -> PlacementPassage {
        build(
            from: GradedSentence.bundled(resources: resources, standard: standard), standard: standard, levels: levels,
            sentencesPerLevel: sentencesPerLevel, maximumLength: maximumLength)
    }

    /// Builds the passage from already graded sentences (see ``build(resources:standard:levels:sentencesPerLevel:maximumLength:)``).
    public static func build(
        from candidates: [GradedSentence], standard: HSKStandard, levels: ClosedRange<Int> = 1...6,
        sentencesPerLevel: Int = 3, maximumLength: Int = 18
    ) -> PlacementPassage {
        var chosen: [GradedSentence] = []
        var used: Set<String> = []
        for level in levels {
            var pool = candidates.enumerated().filter { _, sentence in
                sentence.hskLevel == level && sentence.text.count <= maximumLength && !sentence.words.isEmpty
                    && sentence.words.allSatisfy { ($0.level ?? Int.max) <= level }
            }
            for _ in 0..<sentencesPerLevel {
                func score(_ sentence: GradedSentence) -> Int {
                    Set(sentence.words.filter { $0.level == level && !used.contains($0.text) }.map(\.text)).count
                }
                let best = pool.min { left, right in
                    (-score(left.element), left.element.text.count, left.offset)
                        < (-score(right.element), right.element.text.count, right.offset)
                }
                guard let best, score(best.element) > 0 else { break }
                chosen.append(best.element)
                used.formUnion(best.element.words.map(\.text))
                pool.removeAll { $0.offset == best.offset }
            }
        }
        return PlacementPassage(standard: standard, sentences: chosen)
    }
}

/// A piece of a placement sentence as shown to the learner.
public struct PlacementPiece: Hashable, Sendable, Codable {
    /// The text.
    public var text: String
    /// Whether the learner can mark it: a graded word at its first occurrence in the passage. Later
    /// occurrences are plain text, so a mark on a later screen cannot change an answer given earlier.
    public var isMarkable: Bool
    /// The word's level, for words.
    public var level: Int?

    /// Creates a piece.
    public init(text: String, isMarkable: Bool, level: Int?) {
        self.text = text
        self.isMarkable = isMarkable
        self.level = level
    }
}

extension PlacementPassage {
    /// Every sentence cut into pieces, in order; each distinct word is markable once, where it first occurs.
    public var sentencePieces: [[PlacementPiece]] {
        var shown: Set<String> = []
        return sentences.map { sentence in
            let levels = Dictionary(sentence.words.map { ($0.text, $0.level) }, uniquingKeysWith: { first, _ in first })
            return sentence.pieces.map { piece in
                guard piece.isWord else { return PlacementPiece(text: piece.text, isMarkable: false, level: nil) }
                let first = shown.insert(piece.text).inserted
                return PlacementPiece(text: piece.text, isMarkable: first, level: levels[piece.text] ?? nil)
            }
        }
    }
}
