import Foundation
import Testing

@testable import Serials

@Suite struct SerialNumberTests {
    @Test(arguments: [
        ("C02XL0GHJGH5", SerialFormat.structured12), ("C02YX1VVLVCF", .structured12), ("F2LXK1Y3HG7F", .structured12),
        ("DMPXR1ABHG7K", .structured12), ("W8841ABC0P1", .legacy11), ("H4W7QM2X9P", .randomized),
        ("c02xl0ghjgh5", .structured12), ("C02X L0GH JGH5", .structured12),
    ])
    func detectsTheFormat(text: String, format: SerialFormat) throws {
        let serial = try #require(SerialNumber(validating: text))
        #expect(serial.format == format)
        #expect(serial.value == text.uppercased().filter { !$0.isWhitespace })
    }

    @Test(
        arguments: [
            // serial, plant, location, years, half, week of year, unique unit, model code
            ("C02XL0GHJGH5", "C02", "Quanta Computer, Shanghai, China", [2018], 2, 43, "0GH", "JGH5"),
            ("C02YX1VVLVCF", "C02", "Quanta Computer, Shanghai, China", [2019], 1, 26, "1VV", "LVCF"),
            ("F2LXK1Y3HG7F", "F2L", "Foxconn, Zhengzhou, China", [2018], 2, 42, "1Y3", "HG7F"),
            ("DMPXR1ABHG7K", "DMP", "Foxconn, China", [2018], 2, 48, "1AB", "HG7K"),
            ("C02DL0GHJGH5", "C02", "Quanta Computer, Shanghai, China", [2010, 2020], 2, 43, "0GH", "JGH5"),
            ("C02C10GHJGH5", "C02", "Quanta Computer, Shanghai, China", [2010, 2020], 1, 1, "0GH", "JGH5"),
            ("C02ZY0GHJGH5", "C02", "Quanta Computer, Shanghai, China", [2019], 2, 53, "0GH", "JGH5"),
        ] as [(String, String, String, [Int], Int, Int, String, String)])
    func decodesStructuredFields(
        text: String, plant: String, location: String, years: [Int], half: Int, week: Int, unit: String,
        model: String
    ) throws {
        let fields = try #require(SerialNumber(validating: text)?.fields)
        #expect(fields.plant == plant)
        #expect(fields.plantLocation == location)
        #expect(fields.manufactured.years == years)
        #expect(fields.manufactured.half?.rawValue == half)
        #expect(fields.manufactured.week == week)
        #expect(fields.uniqueUnit == unit)
        #expect(fields.modelCode == model)
    }

    @Test func reportsTheDecadeAmbiguity() throws {
        let serial = try #require(SerialNumber(validating: "C02DL0GHJGH5"))
        #expect(serial.fields?.manufactured.year == nil)
        #expect(serial.fields?.manufactured.isDecadeAmbiguous == true)
        #expect(serial.warnings == [.ambiguousDecade(years: [2010, 2020])])
        #expect(SerialNumber(validating: "C02XL0GHJGH5")?.fields?.manufactured.year == 2018)
    }

    @Test func decodesLegacyFields() throws {
        let fields = try #require(SerialNumber(validating: "W8841ABC0P1")?.fields)
        #expect(fields.plant == "W8")
        #expect(fields.plantLocation == "Shanghai, China")
        #expect(fields.manufactured.years == [2008])
        #expect(fields.manufactured.half == nil)
        #expect(fields.manufactured.week == 41)
        #expect(fields.uniqueUnit == "ABC")
        #expect(fields.modelCode == "0P1")
    }

    @Test func unknownPlantHasNoLocation() throws {
        let fields = try #require(SerialNumber(validating: "Q9ZXL0GHJGH5")?.fields)
        #expect(fields.plant == "Q9Z")
        #expect(fields.plantLocation == nil)
    }

    @Test func randomSerialsHaveNoFields() throws {
        let serial = try #require(SerialNumber(validating: "H4W7QM2X9P"))
        #expect(serial.fields == nil)
        #expect(serial.warnings.isEmpty)
    }

    @Test(arguments: [
        ("C02XI0GHJGH5", SerialIssue.forbiddenLetter(character: "I", position: 4)),
        ("C02XL0GHJGO5", .forbiddenLetter(character: "O", position: 10)),
        ("C02BL0GHJGH5", .invalidYearCode(character: "B")),
        ("C020L0GHJGH5", .invalidYearCode(character: "0")),
        ("C02XS0GHJGH5", .invalidWeekCode(character: "S")),
        ("C02XZ0GHJGH5", .invalidWeekCode(character: "Z")),
        ("W8X41ABC0P1", .invalidLegacyYear(character: "X")),
        ("W8800ABC0P1", .invalidLegacyWeek(week: "00")),
        ("W8854ABC0P1", .invalidLegacyWeek(week: "54")),
        ("C02XL0G", .wrongLength(length: 7, expected: 8...14)),
        ("C02XL0GHJGH5ABC", .wrongLength(length: 15, expected: 8...14)),
        ("C02XL0-HJGH5", .unexpectedCharacter(character: "-", position: 6)),
        ("MYD82LLA", .lookalike(.partNumber)),
        ("", .empty),
    ])
    func rejectsInvalidSerials(text: String, issue: SerialIssue) {
        let validation = SerialNumber.parse(text)
        #expect(!validation.isValid)
        #expect(validation.issues.contains(issue))
        #expect(SerialNumber(validating: text) == nil)
        #expect(!issue.description.isEmpty)
    }

    @Test(arguments: [
        ("H4W7QM2X", [SerialWarning.unusualLength(length: 8)]),
        ("H4W7QM2X9", [.unusualLength(length: 9)]),
        ("H4W7QM2X9PK3R", [.unusualLength(length: 13)]),
        ("H4W7QM2X9PK3RT", [.unusualLength(length: 14)]),
        ("1234567890", [.allDigits]),
        ("HWQMXPKRTV", [.allLetters]),
    ])
    func warnsAboutUnusualRandomSerials(text: String, warnings: [SerialWarning]) throws {
        let serial = try #require(SerialNumber(validating: text))
        #expect(serial.format == .randomized)
        #expect(serial.warnings == warnings)
    }

    @Test func parsingAsAnotherFormatChecksItsLength() {
        #expect(
            SerialNumber.parse("H4W7QM2X9P", as: .structured12).issues == [.wrongLength(length: 10, expected: 12...12)])
    }

    @Test func serialsRoundTripThroughJSON() throws {
        let serial = try #require(SerialNumber(validating: "C02DL0GHJGH5"))
        let data = try JSONEncoder().encode(serial)
        #expect(try JSONDecoder().decode(SerialNumber.self, from: data) == serial)
    }
}
