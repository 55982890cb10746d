public import Foundation
public import Serials

/// One serial candidate in a `POST /process-serial` answer (seed 002's contract, snake_case).
public struct SerialCandidateDTO: Codable, Hashable, Sendable {
    /// The decoded parts of a structured or legacy serial.
    public struct Fields: Codable, Hashable, Sendable {
        /// The manufacturing plant code.
        public var plant: String
        /// Where that plant is, when known.
        public var plantLocation: String?
        /// The year (nil when the decade is ambiguous; see `years`).
        public var year: Int?
        /// Every year the code fits.
        public var years: [Int]
        /// 1 (January–June) or 2 (July–December); nil for legacy serials.
        public var half: Int?
        /// The week of the year.
        public var week: Int
        /// The unit's unique part.
        public var uniqueUnit: String
        /// The model and configuration code.
        public var modelCode: String

        enum CodingKeys: String, CodingKey {
            case plant, year, years, half, week
            case plantLocation = "plant_location"
            case uniqueUnit = "unique_unit"
            case modelCode = "model_code"
        }
    }

    /// The serial, upper-case, corrections applied.
    public var serial: String
    /// How sure the reading is, 0…1.
    public var confidence: Double
    /// Whether it fits a serial format.
    public var valid: Bool
    /// `structured12`, `legacy11` or `randomized`; nil when invalid.
    public var format: String?
    /// The decoded fields of a structured or legacy serial.
    public var fields: Fields?
    /// What is unusual about it.
    public var warnings: [String]
    /// Why it is not a valid serial.
    public var issues: [String]
    /// Characters changed from the OCR's reading, e.g. `5→S at 4`.
    public var corrections: [String]
    /// The OCR text it came from.
    public var sourceText: String

    enum CodingKeys: String, CodingKey {
        case serial, confidence, valid, format, fields, warnings, issues, corrections
        case sourceText = "source_text"
    }

    /// Creates the DTO of a candidate.
    public init(_ candidate: SerialCandidate) {
        serial = candidate.serial
        confidence = (candidate.confidence * 1000).rounded() / 1000
        valid = candidate.isValid
        format = candidate.format?.rawValue
        fields = candidate.fields.map { fields in
            Fields(
                plant: fields.plant, plantLocation: fields.plantLocation, year: fields.manufactured.year,
                years: fields.manufactured.years, half: fields.manufactured.half?.rawValue,
                week: fields.manufactured.week, uniqueUnit: fields.uniqueUnit, modelCode: fields.modelCode)
        }
        warnings = candidate.warnings.map(\.description)
        issues = candidate.issues.map(\.description)
        corrections = candidate.corrections.map { "\($0.read)→\($0.corrected) at \($0.position + 1)" }
        sourceText = candidate.sourceText
    }
}

/// The answer of `POST /process-serial`: candidates best first.
public struct SerialScanResponseDTO: Codable, Hashable, Sendable {
    /// The best valid candidate's serial, or nil when none was found.
    public var serial: String?
    /// Its confidence.
    public var confidence: Double?
    /// Whether `serial` fits a format.
    public var valid: Bool
    /// Every candidate, best first.
    public var candidates: [SerialCandidateDTO]
    /// The device type used.
    public var deviceType: String?
    /// The preset used.
    public var preset: String
    /// The region of interest used, as fractions `[x, y, width, height]`.
    public var roi: [Double]?
    /// What read it, e.g. `rapidocr 3.10.0`.
    public var engine: String
    /// Seconds the OCR took.
    public var processingSeconds: Double
    /// The history entry's identifier.
    public var scanID: UUID
    /// A hint for the user when nothing valid was found.
    public var message: String?

    enum CodingKeys: String, CodingKey {
        case serial, confidence, valid, candidates, preset, roi, engine, message
        case deviceType = "device_type"
        case processingSeconds = "processing_seconds"
        case scanID = "scan_id"
    }

    /// Creates a response.
    public init(
        candidates: [SerialCandidate], deviceType: String?, preset: String, roi: [Double]?, engine: String,
        processingSeconds: Double, scanID: UUID
    ) {
        let best = candidates.first { $0.isValid }
        serial = best?.serial
        confidence = best.map { ($0.confidence * 1000).rounded() / 1000 }
        valid = best != nil
        self.candidates = candidates.map(SerialCandidateDTO.init)
        self.deviceType = deviceType
        self.preset = preset
        self.roi = roi
        self.engine = engine
        self.processingSeconds = (processingSeconds * 1000).rounded() / 1000
        self.scanID = scanID
        message =
            best != nil
            ? nil
            : "No valid serial number was found. Drag the box over the serial only, in sharp focus, and try again."
    }
}
