public import Foundation

/// Everything the Chinese text engine loads from its data directory, loaded once and shared.
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
    /// Graded example sentences.
    public let examples: ExampleSentences
    /// Readings for characters CEDICT lacks.
    public let characterReadings: CharacterReadings
    /// The unknown-word (name) model.
    public let names: NameRecognizer
    let segmentationModel: SegmentationModel

    /// The data directory bundled with the library.
    public static var bundledDataDirectory: URL? {
        Bundle.module.url(forResource: "Data", withExtension: nil)
    }

    /// Loads every data file from `directory` (the bundled data when `nil`).
    public static func load(from directory: URL? = nil) throws -> ChineseTextResources {
        guard let directory = directory ?? bundledDataDirectory else {
            throw ChineseTextDataError.missingFile("Data (bundled resources)")
        }
        return try ChineseTextResources(directory: directory)
    }

    private init(directory: URL) throws {
        let lexicon = try CEDICTLexicon(contentsOf: directory.appendingPathComponent("lexicon.bin"))
        self.lexicon = lexicon
        hsk = HSKVocabulary(
            words: [
                .hsk2: try TabularFile.levels(directory.appendingPathComponent("hsk20-words.tsv")),
                .hsk3: try TabularFile.levels(directory.appendingPathComponent("hsk30-words.tsv")),
            ],
            characters: [
                .hsk2: try TabularFile.levels(directory.appendingPathComponent("hsk20-chars.tsv")),
                .hsk3: try TabularFile.levels(directory.appendingPathComponent("hsk30-chars.tsv")),
            ])
        examples = ExampleSentences(
            try TabularFile.lines(directory.appendingPathComponent("sentences.tsv")).compactMap { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count >= 6, let level = Int(fields[1]) else { return nil }
                return ExampleSentence(
                    id: fields[0], hskLevel: level, simplified: fields[2], traditional: fields[3], pinyin: fields[4],
                    english: fields[5])
            })
        var readings: [UInt32: [String]] = [:]
        for line in try TabularFile.lines(directory.appendingPathComponent("char-readings.tsv")) {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let scalar = fields[0].unicodeScalars.first else { continue }
            readings[scalar.value] = fields[1].split(separator: ",").map(String.init)
        }
        characterReadings = CharacterReadings(table: readings)
        names = try NameRecognizer(directory: directory)
        segmentationModel = SegmentationModel(lexicon: lexicon)
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
