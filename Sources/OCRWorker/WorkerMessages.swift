import Foundation
public import Scanning

/// What the OCR engine is: the worker's hello, reported by `GET /health` and `GET /params`.
public struct OCREngineInfo: Hashable, Sendable, Codable {
    /// The engine's name (`rapidocr`).
    public var engine: String
    /// The engine's version.
    public var engineVersion: String
    /// ONNX Runtime's version.
    public var onnxRuntimeVersion: String?
    /// The worker's Python version.
    public var pythonVersion: String?
    /// The model files by role (`det`, `rec`, `cls`): the language data.
    public var models: [String: String]
    /// The page preprocessing steps the worker applies, in order.
    public var pagePreprocessing: [String]
    /// Each serial preset's preprocessing parameters.
    public var serialPresets: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case engine
        case engineVersion = "engine_version"
        case onnxRuntimeVersion = "onnxruntime_version"
        case pythonVersion = "python_version"
        case models
        case pagePreprocessing = "page_preprocessing"
        case serialPresets = "serial_presets"
    }

    /// Decodes the hello, tolerating a worker that leaves optional parts out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        engine = try container.decode(String.self, forKey: .engine)
        engineVersion = try container.decodeIfPresent(String.self, forKey: .engineVersion) ?? "unknown"
        onnxRuntimeVersion = try container.decodeIfPresent(String.self, forKey: .onnxRuntimeVersion)
        pythonVersion = try container.decodeIfPresent(String.self, forKey: .pythonVersion)
        models = (try container.decodeIfPresent([String: String?].self, forKey: .models) ?? [:])
            .compactMapValues { $0 }
        pagePreprocessing = try container.decodeIfPresent([String].self, forKey: .pagePreprocessing) ?? []
        serialPresets = try container.decodeIfPresent([String: JSONValue].self, forKey: .serialPresets) ?? [:]
    }
}

/// One alternative for one character position of a serial line.
public struct CharacterAlternative: Hashable, Sendable, Codable {
    /// The character.
    public var character: Character
    /// Its probability, 0...1.
    public var probability: Double

    /// Creates an alternative.
    public init(character: Character, probability: Double) {
        self.character = character
        self.probability = probability
    }

    enum CodingKeys: String, CodingKey { case character, probability }

    /// Decodes `{"character": "C", "probability": 0.9}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .character)
        guard let first = text.first, text.count == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .character, in: container, debugDescription: "one character")
        }
        character = first
        probability = try container.decode(Double.self, forKey: .probability)
    }

    /// Encodes as `{"character": "C", "probability": 0.9}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(character), forKey: .character)
        try container.encode(probability, forKey: .probability)
    }
}

/// A line of serial-alphabet text the worker read, with per-character alternatives.
public struct SerialTextLine: Hashable, Sendable, Codable {
    /// The most likely reading.
    public var text: String
    /// The line's confidence, 0...1.
    public var confidence: Double
    /// Where the line is, in pixels of the upright image.
    public var box: [ImagePoint]
    /// For each character of `text`, up to three alternatives, most likely first.
    public var alternatives: [[CharacterAlternative]]

    /// Creates a line.
    public init(text: String, confidence: Double, box: [ImagePoint], alternatives: [[CharacterAlternative]]) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.alternatives = alternatives
    }
}

/// The serial-alphabet lines read on one image.
public struct SerialTextReading: Hashable, Sendable, Codable {
    /// The upright image's width.
    public var width: Int
    /// The upright image's height.
    public var height: Int
    /// The lines, best first.
    public var lines: [SerialTextLine]
    /// How long reading took.
    public var seconds: Double

    /// Creates a reading.
    public init(width: Int, height: Int, lines: [SerialTextLine], seconds: Double) {
        self.width = width
        self.height = height
        self.lines = lines
        self.seconds = seconds
    }
}

/// A request line of the worker protocol.
struct WorkerRequest: Encodable {
    var op: String
    var id: String
    var path: String?
    var rotation: Int?
    var roi: [Double]?
    var preprocess: Bool?
    var preset: String?
}

/// The parts of a response line every op shares.
struct WorkerStatus: Decodable {
    var ok: Bool
    var error: String?
    var message: String?
}

/// A `page` or `serial` response.
struct WorkerLinesResponse: Decodable {
    struct Line: Decodable {
        var text: String
        var confidence: Double
        var box: [[Double]]
        var vertical: Bool?
        var characters: [[[JSONValue]]]?
    }

    var width: Int
    var height: Int
    var seconds: Double?
    var lines: [Line]
}

extension WorkerLinesResponse.Line {
    var points: [ImagePoint] {
        box.compactMap { $0.count >= 2 ? ImagePoint(x: $0[0], y: $0[1]) : nil }
    }

    var alternatives: [[CharacterAlternative]] {
        (characters ?? []).map { position in
            position.compactMap { pair -> CharacterAlternative? in
                guard pair.count == 2, case .string(let text) = pair[0], let character = text.first,
                    case .number(let probability) = pair[1]
                else { return nil }
                return CharacterAlternative(character: character, probability: probability)
            }
        }
    }
}
