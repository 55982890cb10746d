import ChineseText
import Foundation
import Testing

@Suite("ChineseTextResources")
struct ChineseTextResourcesTests {
    @Test func bundledDataLoads() throws {
        let resources = try TestResources.resources()

        #expect(ChineseTextResources.bundledDataDirectory != nil)
        #expect(resources.lexicon.entryCount > 0)
        #expect(!resources.lexicon.sources.isEmpty)
    }

    @Test func missingDirectoryIsReportedAsAMissingFile() {
        // Given a directory with no data files
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("umbrella-missing-\(UUID().uuidString)", isDirectory: true)

        // When loading from it, then the missing lexicon is named
        #expect {
            try ChineseTextResources.load(from: directory)
        } throws: { error in
            guard case .missingFile(let path) = error as? ChineseTextDataError else { return false }
            return path.hasSuffix("lexicon.bin")
        }
    }

    static let dataFiles = [
        "lexicon.bin", "hsk20-words.tsv", "hsk30-words.tsv", "hsk20-chars.tsv", "hsk30-chars.tsv", "sentences.tsv",
        "char-readings.tsv", "hmm.tsv", "surnames.tsv", "transliteration-chars.tsv",
    ]

    @Test("Loading fails when any data file is missing", arguments: dataFiles)
    func missingDataFileFailsTheLoad(missing: String) throws {
        // Given a copy of the data directory (as links) without one file
        let source = try #require(ChineseTextResources.bundledDataDirectory)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("umbrella-data-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in Self.dataFiles where name != missing {
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(name), withDestinationURL: source.appendingPathComponent(name))
        }

        // When the data is loaded and every part is used
        // Then the missing file is reported, as `load` documents
        #expect {
            let resources = try ChineseTextResources.load(from: directory)
            _ = resources.makeSegmenter().segment("我叫陈婷婷。")
            _ = resources.examples.all
            _ = resources.characterReadings.readings(of: "乁")
        } throws: { error in
            guard case .missingFile(let path) = error as? ChineseTextDataError else { return false }
            return path.hasSuffix(missing)
        }
    }

    @Test func damagedLexiconIsReportedAsMalformed() throws {
        // Given a lexicon file with the wrong magic number
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("umbrella-\(UUID().uuidString).bin")
        try Data(repeating: 0x41, count: 64).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // When it is loaded, then it is rejected as malformed
        #expect {
            try CEDICTLexicon(contentsOf: file)
        } throws: { error in
            guard case .malformed = error as? ChineseTextDataError else { return false }
            return true
        }
    }

    @Test func dataErrorsDescribeThemselves() {
        #expect(ChineseTextDataError.missingFile("x/lexicon.bin").description.contains("x/lexicon.bin"))
        #expect(ChineseTextDataError.malformed("f", "bad magic").description.contains("bad magic"))
    }

    @Test func characterReadingsAreKeyedByScalar() throws {
        let readings = CharacterReadings(["乁": ["yi2", "ji2"]])

        #expect(readings.readings(of: "乁") == ["yi2", "ji2"])
        #expect(readings.readings(of: "a") == [])
        #expect(try TestResources.resources().characterReadings.readings(of: "乁") == ["yi2", "ji2"])
    }
}
