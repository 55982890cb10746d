import Foundation

/// Finds the most probable serial numbers that fit the grammar, given what the OCR read.
///
/// Every position keeps the OCR's alternatives that the grammar allows there. Where a reading is not allowed
/// (an `O` anywhere, a letter in a digit-only field, a `0` in the year code), the characters it is commonly
/// confused with that are allowed take its place (`O`→`0`/`D`/`Q`, `I`→`1`/`L`, `S`→`5`, `B`→`8`, `Z`→`2`, `G`→`6`, `U`→`V`, `T`→`7`…),
/// each costing ``substitutionPenalty``. A reading's probability is the product over its characters.
public struct SerialCorrection: Hashable, Sendable {
    /// The factor each correction from the confusion table costs, 0…1.
    public var substitutionPenalty: Double
    /// How many partial readings the search keeps per position; more is slower and finds rarer readings.
    public var beamWidth: Int

    /// Creates a correction with the given penalty and beam width.
    public init(substitutionPenalty: Double = 0.1, beamWidth: Int = 64) {
        self.substitutionPenalty = substitutionPenalty
        self.beamWidth = beamWidth
    }

    /// The valid serials that `alternatives` can be read as, most probable first.
    ///
    /// - Parameters:
    ///   - alternatives: For each character, its readings, most likely first (the worker's `characters`).
    ///   - formats: The formats to try; `nil` tries the one the length implies.
    ///   - limit: The most candidates to return.
    public func candidates(
        from alternatives: [[CharacterAlternative]], formats: [SerialFormat]? = nil, limit: Int = 5
    ) -> [CorrectedSerial] {
        let formats =
            formats?.filter { $0.lengths.contains(alternatives.count) }
            ?? SerialFormat.format(forLength: alternatives.count).map { [$0] } ?? []
        var results: [CorrectedSerial] = []
        for format in formats {
            results += search(alternatives, as: format)
        }
        var seen: Set<String> = []
        return
            results
            .sorted { ($0.probability, $1.serial.value) > ($1.probability, $0.serial.value) }
            .filter { seen.insert($0.serial.value).inserted }
            .prefix(max(0, limit))
            .map { $0 }
    }

    /// The valid serials that `text` can be read as, most probable first.
    ///
    /// Without per-character alternatives every character is taken to be read with the same probability, so
    /// that the unchanged text has probability `confidence`; whitespace is dropped.
    public func candidates(
        from text: String, confidence: Double = 1, formats: [SerialFormat]? = nil, limit: Int = 5
    ) -> [CorrectedSerial] {
        let characters = Array(text.filter { !$0.isWhitespace })
        guard !characters.isEmpty else { return [] }
        let probability = pow(max(0, min(1, confidence)), 1 / Double(characters.count))
        return candidates(
            from: characters.map { [CharacterAlternative($0, probability)] }, formats: formats, limit: limit)
    }

    private struct Option {
        var character: Character
        var probability: Double
        var source: SerialCharacterCorrection.Source?
    }

    private struct Beam {
        var characters: [Character]
        var probability: Double
        var corrections: [SerialCharacterCorrection]
    }

    private func search(_ alternatives: [[CharacterAlternative]], as format: SerialFormat) -> [CorrectedSerial] {
        var beams = [Beam(characters: [], probability: 1, corrections: [])]
        for (position, readings) in alternatives.enumerated() {
            let options = self.options(for: readings, allowed: format.allowedCharacters(at: position))
            guard !options.isEmpty else { return [] }
            let read = readings.first.map { String(Self.folded($0.character)) } ?? ""
            var next: [Beam] = []
            next.reserveCapacity(beams.count * options.count)
            for beam in beams {
                for option in options {
                    var extended = beam
                    extended.characters.append(option.character)
                    extended.probability *= option.probability
                    if let source = option.source {
                        extended.corrections.append(
                            SerialCharacterCorrection(
                                position: position, read: read, corrected: String(option.character), source: source))
                    }
                    next.append(extended)
                }
            }
            next.sort { $0.probability > $1.probability }
            beams = Array(next.prefix(max(1, beamWidth)))
        }
        return beams.compactMap { beam in
            guard let serial = SerialNumber.parse(String(beam.characters), as: format).serial else { return nil }
            return CorrectedSerial(serial: serial, probability: beam.probability, corrections: beam.corrections)
        }
    }

    /// The characters allowed at one position, each with its best probability.
    private func options(for readings: [CharacterAlternative], allowed: Set<Character>) -> [Option] {
        var best: [Character: Option] = [:]
        func offer(_ option: Option) {
            if option.probability > (best[option.character]?.probability ?? -1) {
                best[option.character] = option
            }
        }
        for (rank, reading) in readings.enumerated() {
            let character = Self.folded(reading.character)
            let probability = max(0, min(1, reading.probability))
            if allowed.contains(character) {
                offer(Option(character: character, probability: probability, source: rank == 0 ? nil : .alternative))
                continue
            }
            for (target, weight) in Self.confusions[character, default: []] where allowed.contains(target) {
                offer(
                    Option(
                        character: target, probability: probability * weight * substitutionPenalty, source: .confusion))
            }
        }
        return best.values.sorted { ($0.probability, $1.character) > ($1.probability, $0.character) }
    }

    /// Upper-cases a character and folds full-width forms onto ASCII.
    static func folded(_ character: Character) -> Character {
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            (0xFF10...0xFF5A).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0)
        {
            return folded(Character(ascii))
        }
        let upper = character.uppercased()
        return upper.count == 1 ? Character(upper) : character
    }

    /// Characters commonly misread as one another, with a relative weight (1 for the most likely).
    static let confusions: [Character: [(Character, Double)]] = [
        "O": [("0", 1), ("D", 0.5), ("Q", 0.3)],
        "0": [("D", 0.5), ("Q", 0.3), ("O", 0.2)],
        "D": [("0", 0.5)],
        "Q": [("0", 0.5)],
        "I": [("1", 1), ("L", 0.3), ("T", 0.2)],
        "1": [("L", 0.3), ("T", 0.2), ("7", 0.2)],
        "L": [("1", 0.5)],
        "|": [("1", 1)],
        "!": [("1", 1)],
        "S": [("5", 1)],
        "5": [("S", 1)],
        "$": [("S", 1)],
        "B": [("8", 1)],
        "8": [("B", 1)],
        "Z": [("2", 1)],
        "2": [("Z", 1)],
        "G": [("6", 1), ("C", 0.3)],
        "6": [("G", 1)],
        "C": [("G", 0.3)],
        "U": [("V", 1)],
        "V": [("U", 0.5), ("Y", 0.3)],
        "Y": [("V", 0.3)],
        "T": [("7", 1), ("1", 0.3)],
        "7": [("T", 1)],
        "A": [("4", 1)],
        "4": [("A", 1)],
        "E": [("F", 0.5), ("3", 0.3)],
        "3": [("E", 0.3)],
        "F": [("E", 0.3)],
        "H": [("N", 0.3)],
        "N": [("H", 0.3)],
        "K": [("X", 0.3)],
        "X": [("K", 0.3)],
        "P": [("R", 0.3)],
        "R": [("P", 0.3)],
        "9": [("G", 0.3), ("Q", 0.3)],
    ]
}

/// A serial the correction found, with how probable it is and what was changed.
public struct CorrectedSerial: Hashable, Sendable, Codable {
    /// The serial.
    public var serial: SerialNumber
    /// The product of the probabilities of its characters, penalties included, 0…1.
    public var probability: Double
    /// The characters that differ from the OCR's best reading.
    public var corrections: [SerialCharacterCorrection]

    /// Creates a corrected serial.
    public init(serial: SerialNumber, probability: Double, corrections: [SerialCharacterCorrection]) {
        self.serial = serial
        self.probability = probability
        self.corrections = corrections
    }
}

/// One character of a serial that differs from the OCR's best reading.
public struct SerialCharacterCorrection: Hashable, Sendable, Codable {
    /// Where the correction came from.
    public enum Source: String, Hashable, Sendable, Codable {
        /// One of the OCR's own alternatives at that position.
        case alternative
        /// The confusion table (a character commonly misread as the one read).
        case confusion
    }

    /// The character's position in the serial, from 0.
    public var position: Int
    /// The OCR's best reading at that position.
    public var read: String
    /// The character in the serial.
    public var corrected: String
    /// Where the correction came from.
    public var source: Source

    /// Creates a correction.
    public init(position: Int, read: String, corrected: String, source: Source) {
        self.position = position
        self.read = read
        self.corrected = corrected
        self.source = source
    }
}
