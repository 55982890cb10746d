/// Readings of characters that CC-CEDICT has no entry for, from pypinyin's character table.
public struct CharacterReadings: Sendable {
    private let readings: [UInt32: [String]]

    /// Creates the table from numbered readings by character, most common first.
    public init(_ readings: [Character: [String]]) {
        var table: [UInt32: [String]] = [:]
        for (character, values) in readings {
            if let scalar = character.unicodeScalars.first { table[scalar.value] = values }
        }
        self.readings = table
    }

    init(table: [UInt32: [String]]) {
        readings = table
    }

    /// The numbered readings of `scalar`, most common first; empty if unknown.
    public func readings(of scalar: Unicode.Scalar) -> [String] { readings[scalar.value] ?? [] }
}
