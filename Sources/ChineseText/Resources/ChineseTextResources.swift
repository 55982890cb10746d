public import Foundation

/// Everything the Chinese text engine loads from its data directory, loaded once and shared.
///
/// Loading maps the lexicon and reads the HSK lists, which takes a few milliseconds, so a first
/// lookup is fast; the parts only segmentation and reading need (the name model, the word costs,
/// character readings, example sentences) are built on first use.
///
/// ```swift
/// let resources = try ChineseTextResources.load()
/// let segmenter = resources.makeSegmenter()
/// ```
public struct ChineseTextResources: Sendable {
    /// CC-CEDICT.
    public let lexicon: CEDICTLexicon
    /// HSK word and character lists.
    public let hsk: HSKVocabulary
    private let parts: LazyParts

    /// Graded example sentences.
    public var examples: ExampleSentences { parts.examples }
    /// Readings for characters CEDICT lacks.
    public var characterReadings: CharacterReadings { parts.characterReadings }
    /// The unknown-word (name) model.
    public var names: NameRecognizer { parts.names }
    var segmentationModel: SegmentationModel { parts.segmentationModel(lexicon) }

    /// The data directory bundled with the library.
    public static var bundledDataDirectory: URL? {
        Bundle.module.url(forResource: "Data", withExtension: nil)
    }

    /// Loads the data from `directory` (the bundled data when `nil`). Throws if a file is missing
    /// or the lexicon is damaged.
    public static func load(from directory: URL? = nil) throws -> ChineseTextResources {
        guard let directory = directory ?? bundledDataDirectory else {
            throw ChineseTextDataError.missingFile("Data (bundled resources)")
        }
        return try ChineseTextResources(directory: directory)
    }

    private init(directory: URL) throws {
        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
        lexicon = try CEDICTLexicon(contentsOf: file("lexicon.bin"))
        hsk = HSKVocabulary(
            words: [
                .hsk2: try TabularFile.levels(file("hsk20-words.tsv")),
                .hsk3: try TabularFile.levels(file("hsk30-words.tsv")),
            ],
            characters: [
                .hsk2: try TabularFile.levels(file("hsk20-chars.tsv")),
                .hsk3: try TabularFile.levels(file("hsk30-chars.tsv")),
            ])
        let lazyFiles = [
            "sentences.tsv", "char-readings.tsv", "hmm.tsv", "surnames.tsv", "transliteration-chars.tsv",
        ]
        for name in lazyFiles where !FileManager.default.isReadableFile(atPath: file(name).path) {
            throw ChineseTextDataError.missingFile(file(name).path)
        }
        parts = LazyParts(directory: directory)
    }

    /// A segmenter over the bundled lexicon with the name model and `userDictionary`.
    public func makeSegmenter(userDictionary: UserDictionary = .init()) -> LatticeSegmenter {
        LatticeSegmenter(model: segmentationModel, names: names, userDictionary: userDictionary)
    }

    /// A segmenter with non-default model constants, for experiments and tuning.
    public func makeSegmenter(parameters: SegmenterParameters, useNames: Bool = true) -> LatticeSegmenter {
        LatticeSegmenter(
            model: SegmentationModel(lexicon: lexicon, parameters: parameters), names: useNames ? names : nil)
    }
}

/// The parts of the resources built on first use, each once, safely from any thread.
private final class LazyParts: @unchecked Sendable {
    private let directory: URL
    private let lock = NSLock()
    private var cachedExamples: ExampleSentences?
    private var cachedReadings: CharacterReadings?
    private var cachedNames: NameRecognizer?
    private var cachedModel: SegmentationModel?

    init(directory: URL) {
        self.directory = directory
    }

    private func text(_ name: String) -> String {
        (try? TabularFile.text(directory.appendingPathComponent(name))) ?? ""
    }

    var examples: ExampleSentences {
        lock.withLock {
            if let cachedExamples { return cachedExamples }
            let examples = ExampleSentences(tsv: text("sentences.tsv"))
            cachedExamples = examples
            return examples
        }
    }

    var characterReadings: CharacterReadings {
        lock.withLock {
            if let cachedReadings { return cachedReadings }
            var table: [UInt32: [String]] = [:]
            for fields in TabularFile.rows(text("char-readings.tsv")) where fields.count == 2 {
                guard let scalar = fields[0].unicodeScalars.first else { continue }
                table[scalar.value] = fields[1].split(separator: ",").map(String.init)
            }
            let readings = CharacterReadings(table: table)
            cachedReadings = readings
            return readings
        }
    }

    var names: NameRecognizer {
        lock.withLock {
            if let cachedNames { return cachedNames }
            let names = NameRecognizer(
                hmm: text("hmm.tsv"), surnames: text("surnames.tsv"),
                transliteration: text("transliteration-chars.tsv"))
            cachedNames = names
            return names
        }
    }

    func segmentationModel(_ lexicon: CEDICTLexicon) -> SegmentationModel {
        lock.withLock {
            if let cachedModel { return cachedModel }
            let model = SegmentationModel(lexicon: lexicon)
            cachedModel = model
            return model
        }
    }
}
