/// One reading of a character, with the probability the OCR gave it.
///
/// Encodes as the worker protocol's pair `["C", 0.97]`.
public struct CharacterAlternative: Hashable, Sendable, Codable {
    /// The character read.
    public var character: Character
    /// The probability of this reading, 0…1.
    public var probability: Double

    /// Creates an alternative.
    public init(_ character: Character, _ probability: Double) {
        self.character = character
        self.probability = probability
    }

    /// Decodes the pair `["C", 0.97]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let text = try container.decode(String.self)
        guard text.count == 1, let character = text.first else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a single character, got “\(text)”.")
        }
        self.character = character
        self.probability = try container.decode(Double.self)
    }

    /// Encodes the pair `["C", 0.97]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(String(character))
        try container.encode(probability)
    }
}

/// A line of text the OCR worker's `serial` op found, with per-character alternatives.
///
/// Mirrors one entry of the response's `lines`; `characters` and `box` may be empty for plain text.
public struct RecognizedSerialLine: Hashable, Sendable, Codable {
    /// The line's best reading.
    public var text: String
    /// The OCR's confidence in the line, 0…1.
    public var confidence: Double
    /// Up to three alternatives for each character of ``text``, most likely first; empty when unknown.
    public var characters: [[CharacterAlternative]]
    /// The line's corners in image pixels, clockwise from top-left, as `[x, y]` pairs; empty when unknown.
    public var box: [[Double]]

    /// Creates a line.
    public init(text: String, confidence: Double = 1, characters: [[CharacterAlternative]] = [], box: [[Double]] = []) {
        self.text = text
        self.confidence = confidence
        self.characters = characters
        self.box = box
    }

    private enum CodingKeys: String, CodingKey {
        case text, confidence, characters, box
    }

    /// Decodes a line; `confidence` defaults to 1 and `characters` and `box` to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decodeIfPresent(Double.self, forKey: .confidence) ?? 1
        characters = try container.decodeIfPresent([[CharacterAlternative]].self, forKey: .characters) ?? []
        box = try container.decodeIfPresent([[Double]].self, forKey: .box) ?? []
    }
}
