import Testing

@testable import Serials

@Suite struct SerialLookalikeTests {
    @Test(arguments: [
        ("A2338", SerialLookalike.modelNumber), ("A1466", .modelNumber), ("MYD82LL/A", .partNumber),
        ("MGN63CH/A", .partNumber), ("MYD82LLA", .partNumber), ("3A165LL/A", .partNumber),
        ("Z0YQ000CK", .orderNumber), ("356938035643809", .imei), ("35 693803 564380 9", .imei),
        ("89049032004008882600007745812345", .eid), ("194252056264", .barcode), ("0194252056264", .barcode),
        ("2019-10-12", .date), ("12/10/2019", .date), ("20191012", .date),
    ])
    func recognisesLookalikes(text: String, kind: SerialLookalike) {
        #expect(SerialLookalike(classifying: text) == kind)
    }

    @Test(arguments: ["C02XL0GHJGH5", "F2LXK1Y3HG7F", "W8841ABC0P1", "H4W7QM2X9P", "356938035643808", "194252056265"])
    func leavesSerialsAlone(text: String) {
        #expect(SerialLookalike(classifying: text) == nil)
    }

    @Test func checksDigitsLikeTheStandards() {
        #expect(SerialLookalike.luhnIsValid([3, 5, 6, 9, 3, 8, 0, 3, 5, 6, 4, 3, 8, 0, 9]))
        #expect(!SerialLookalike.luhnIsValid([3, 5, 6, 9, 3, 8, 0, 3, 5, 6, 4, 3, 8, 0, 8]))
        #expect(SerialLookalike.gtinIsValid([1, 9, 4, 2, 5, 2, 0, 5, 6, 2, 6, 4]))
    }
}
