import Foundation
import Testing

@testable import Serials

@Suite struct SerialCorrectionTests {
    private let correction = SerialCorrection()

    @Test(arguments: [
        ("C02XLOGHJGH5", "C02XL0GHJGH5"),  // O is never used: 0 in a free field
        ("C02XO0GHJGH5", "C02XD0GHJGH5"),  // …D in the week code, where 0 is not allowed
        ("C020L0GHJGH5", "C02DL0GHJGH5"),  // 0 is not a year code: D
        ("C025L0GHJGH5", "C02SL0GHJGH5"),  // 5 → S in the year code
        ("C02XB0GHJGH5", "C02X80GHJGH5"),  // B → 8 in the week code
        ("C02XL0GHJGHS", "C02XL0GHJGHS"),  // S is fine in the model code: nothing to correct
        ("CO2XL0GHJGH5", "C02XL0GHJGH5"),  // O → 0 in the plant
        ("C02XLIGHJGH5", "C02XL1GHJGH5"),  // I → 1
        ("W8B41ABC0P1", "W8841ABC0P1"),  // legacy year is a digit: B → 8
        ("W88A1ABC0P1", "W8841ABC0P1"),  // legacy week is digits: A → 4
        ("W884lABC0P1", "W8841ABC0P1"),  // l → 1
        ("H4W7QM2X9O", "H4W7QM2X90"),
    ])
    func correctsByPosition(read: String, expected: String) throws {
        let best = try #require(correction.candidates(from: read).first)
        #expect(best.serial.value == expected)
    }

    @Test func recordsWhatChanged() throws {
        let best = try #require(correction.candidates(from: "C02XLOGHJGH5").first)
        #expect(
            best.corrections == [SerialCharacterCorrection(position: 5, read: "O", corrected: "0", source: .confusion)])
        #expect(abs(best.probability - correction.substitutionPenalty) < 1e-9)
    }

    @Test func ranksTheCandidates() {
        let candidates = correction.candidates(from: "C02XO0GHJGH5")
        #expect(candidates.map(\.serial.value) == ["C02XD0GHJGH5", "C02XQ0GHJGH5"])
        #expect(candidates[0].probability > candidates[1].probability)
    }

    @Test func prefersTheOCRsOwnAlternative() throws {
        var alternatives = "C02XL0GHJGH5".map { [CharacterAlternative($0, 0.99)] }
        alternatives[3] = [CharacterAlternative("8", 0.7), CharacterAlternative("X", 0.2)]  // 8 is not a year code
        alternatives[4] = [CharacterAlternative("S", 0.6), CharacterAlternative("5", 0.35)]
        let best = try #require(correction.candidates(from: alternatives).first)
        #expect(best.serial.value == "C02X50GHJGH5")
        #expect(best.corrections.map(\.source) == [.alternative, .alternative])
        #expect(abs(best.probability - pow(0.99, 10) * 0.2 * 0.35) < 1e-9)
    }

    @Test func fallsBackOnTheConfusionTable() throws {
        var alternatives = "C02XL0GHJGH5".map { [CharacterAlternative($0, 1)] }
        alternatives[4] = [CharacterAlternative("O", 0.9), CharacterAlternative("A", 0.05)]  // neither is a week code
        let candidates = correction.candidates(from: alternatives)
        #expect(candidates.first?.serial.value == "C02XD0GHJGH5")  // O → D (0 is not a week code either)
        #expect(candidates.contains { $0.serial.value == "C02X40GHJGH5" })  // A → 4, less likely
    }

    @Test(arguments: ["C02X", "C02XL0GHJGH5ABCD", "", "C02X8BGHJGH5".replacingOccurrences(of: "X8", with: "88")])
    func findsNothingWithoutAFittingReading(read: String) {
        // "C0288BGHJGH5": 8 cannot become a year code
        #expect(correction.candidates(from: read).isEmpty)
    }

    @Test func triesTheRequestedFormatsOnly() {
        // B cannot become a year code, so as twelve characters this is only a (long) random serial.
        #expect(correction.candidates(from: "H4WBQM2X9PK3", formats: [.randomized]).first?.serial.format == .randomized)
        #expect(correction.candidates(from: "H4WBQM2X9PK3").isEmpty)
    }

    @Test func decodesTheWorkersAlternatives() throws {
        let json = Data(#"[[["C", 0.97], ["G", 0.02]], [["0", 0.88], ["D", 0.1]]]"#.utf8)
        let decoded = try JSONDecoder().decode([[CharacterAlternative]].self, from: json)
        #expect(decoded[0] == [CharacterAlternative("C", 0.97), CharacterAlternative("G", 0.02)])
        #expect(decoded[1][1].character == "D")
    }
}
