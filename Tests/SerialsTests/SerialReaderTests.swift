import Foundation
import Testing

@testable import Serials

@Suite struct SerialReaderTests {
    private let reader = SerialReader(deviceType: .macBook)

    @Test(arguments: [
        ("Serial No. C02XL0GHJGH5", "C02XL0GHJGH5"),
        ("(S) Serial No. C02YX1VVLVCF", "C02YX1VVLVCF"),
        ("SN: F2LXK1Y3HG7F", "F2LXK1Y3HG7F"),
        ("S/N F2LXK1Y3HG7F", "F2LXK1Y3HG7F"),
        ("序列号：DMPXR1ABHG7K", "DMPXR1ABHG7K"),
        ("SerialNo.C02XL0GHJGH5", "C02XL0GHJGH5"),
        ("Serial Number H4W7QM2X9P", "H4W7QM2X9P"),
        ("SC02XL0GHJGH5", "C02XL0GHJGH5"),  // barcode text with its S prefix
        ("C02XL0 GHJGH5", "C02XL0GHJGH5"),  // split by the OCR
        ("Serial Number\nF2LXK1Y3HG7F", "F2LXK1Y3HG7F"),
    ])
    func stripsLabels(text: String, expected: String) throws {
        let best = try #require(reader.candidates(inText: text).first)
        #expect(best.serial == expected)
        #expect(best.isValid)
    }

    @Test func rejectsLookalikesPrintedNearby() {
        let text = """
            Model A2338
            MYD82LL/A
            MGN63CH/A
            IMEI 356938035643809
            IMEI 35 693803 564380 9
            194252056264
            2019-10-12
            Serial C02XL0GHJGH5
            """
        let candidates = reader.candidates(inText: text)
        #expect(candidates.first?.serial == "C02XL0GHJGH5")
        for lookalike in ["A2338", "MYD82LLA", "MGN63CHA", "356938035643809", "194252056264", "20191012"] {
            #expect(!candidates.contains { $0.serial == lookalike })
        }
    }

    @Test func prefersStructuredSerialsToRandomOnes() {
        let candidates = reader.candidates(inText: "H4W7QM2X9P\nC02XL0GHJGH5")
        #expect(candidates.map(\.serial).prefix(2) == ["C02XL0GHJGH5", "H4W7QM2X9P"])
    }

    @Test func penalisesAllDigitStrings() throws {
        let candidates = reader.candidates(inText: "1234567890\nH4W7QM2X9P")
        #expect(candidates.first?.serial == "H4W7QM2X9P")
        let digits = try #require(candidates.first { $0.serial == "1234567890" })
        #expect(digits.confidence < 0.1)
        #expect(digits.warnings == [.allDigits])
    }

    @Test func removesDuplicates() {
        let candidates = reader.candidates(inText: "C02XL0GHJGH5\nSerial C02XL0GHJGH5\nC02XLOGHJGH5")
        #expect(candidates.filter { $0.serial == "C02XL0GHJGH5" }.count == 1)
    }

    @Test func reportsInvalidReadingsWhenNothingFits() throws {
        let best = try #require(reader.candidates(inText: "Serial C02XL0GHJGH").first)
        #expect(!best.isValid)
        #expect(best.format == nil)
        #expect(!best.issues.isEmpty)
    }

    @Test func findsNothingInLookalikesAlone() {
        #expect(reader.candidates(inText: "A2338 MYD82LL/A 356938035643809 194252056264").isEmpty)
    }

    @Test func readsTheWorkersWords() throws {
        // One word per line, best first, as the worker sends them: a Settings screen on one row.
        let lines = [
            line("F2LXK1Y3HG7F", x: 600, y: 100),
            line("SERIAL", x: 40, y: 100),
            line("NUMBER", x: 200, y: 100),
            line("MQ8N3LL", x: 600, y: 160),
            line("A", x: 720, y: 160),
            line("MODEL", x: 40, y: 160),
            line("35", x: 600, y: 220), line("693803", x: 650, y: 220), line("564380", x: 770, y: 220),
            line("9", x: 890, y: 220),
            line("IMEI", x: 40, y: 220),
        ]
        let candidates = SerialReader(deviceType: .iPhone).candidates(in: lines)
        let best = try #require(candidates.first)
        #expect(best.serial == "F2LXK1Y3HG7F")
        #expect(best.sourceLines == [0])
        #expect(best.fields?.plant == "F2L")
        #expect(!candidates.contains { $0.serial.hasPrefix("MQ8N3") || $0.serial.allSatisfy(\.isNumber) })
    }

    @Test func joinsWordsTheOCRSplit() throws {
        let lines = [line("GHJGH5", x: 205, y: 50), line("C02XL0", x: 100, y: 50)]
        let best = try #require(reader.candidates(in: lines).first)
        #expect(best.serial == "C02XL0GHJGH5")
        #expect(best.sourceLines == [0, 1])
    }

    @Test func correctsWithThePerCharacterAlternatives() throws {
        var characters = "C02X8RGHJGH5".map { [CharacterAlternative($0, 0.98)] }
        characters[4] = [CharacterAlternative("8", 0.6), CharacterAlternative("B", 0.3)]
        characters[5] = [CharacterAlternative("R", 0.5), CharacterAlternative("8", 0.4)]
        let lines = [RecognizedSerialLine(text: "C02X8RGHJGH5", confidence: 0.8, characters: characters)]
        let best = try #require(reader.candidates(in: lines).first)
        #expect(best.serial == "C02X8RGHJGH5")
        characters[3] = [CharacterAlternative("8", 0.7), CharacterAlternative("X", 0.25)]
        let corrected = try #require(
            reader.candidates(in: [RecognizedSerialLine(text: "C02882GHJGH5", confidence: 0.8, characters: characters)])
                .first)
        #expect(corrected.serial.prefix(4) == "C02X")
        #expect(corrected.corrections.first?.position == 3)
    }

    @Test func decodesTheWorkersLines() throws {
        let json = Data(
            #"""
            {"text": "C02XL0GHJGH5", "confidence": 0.91, "box": [[10, 20], [200, 20], [200, 40], [10, 40]],
             "characters": [[["C", 0.97], ["G", 0.02]], [["0", 0.88], ["D", 0.1]]]}
            """#.utf8)
        let line = try JSONDecoder().decode(RecognizedSerialLine.self, from: json)
        #expect(line.characters.count == 2)
        #expect(line.box.count == 4)
        // Two alternatives for twelve characters: the reader falls back on the text and confidence.
        #expect(SerialReader().candidates(in: [line]).first?.serial == "C02XL0GHJGH5")
    }

    @Test(arguments: [("H4W7QM2X", 8), ("H4W7QM2X9PK3R", 13)])
    func warnsAboutUnusualLengths(text: String, length: Int) throws {
        let best = try #require(reader.candidates(inText: "Serial \(text)").first)
        #expect(best.serial == text)
        #expect(best.warnings.contains(.unusualLength(length: length)))
    }

    private func line(_ text: String, x: Double, y: Double, confidence: Double = 0.95) -> RecognizedSerialLine {
        let width = Double(text.count) * 15
        return RecognizedSerialLine(
            text: text, confidence: confidence, box: [[x, y], [x + width, y], [x + width, y + 24], [x, y + 24]])
    }
}
