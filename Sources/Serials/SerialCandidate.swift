/// A string found in OCR output that may be the device's serial number.
public struct SerialCandidate: Hashable, Sendable, Codable {
    /// The serial as it would be entered: upper-case, no spaces, corrections applied.
    public var serial: String
    /// How sure the reader is of this reading, 0…1: the OCR probabilities, lowered for corrections,
    /// joins and unusual shapes.
    public var confidence: Double
    /// Whether the serial fits a format.
    public var isValid: Bool
    /// The format it fits, `nil` when invalid.
    public var format: SerialFormat?
    /// The decoded parts, for valid structured and legacy serials.
    public var fields: SerialFields?
    /// What is unusual about a valid serial.
    public var warnings: [SerialWarning]
    /// Why an invalid candidate is not a serial; empty when valid.
    public var issues: [SerialIssue]
    /// The characters changed from the OCR's best reading.
    public var corrections: [SerialCharacterCorrection]
    /// The text of the OCR line or lines it came from.
    public var sourceText: String
    /// The indexes of those lines in the reader's input.
    public var sourceLines: [Int]

    /// Creates a candidate.
    public init(
        serial: String, confidence: Double, isValid: Bool, format: SerialFormat?, fields: SerialFields?,
        warnings: [SerialWarning], issues: [SerialIssue], corrections: [SerialCharacterCorrection],
        sourceText: String, sourceLines: [Int]
    ) {
        self.serial = serial
        self.confidence = confidence
        self.isValid = isValid
        self.format = format
        self.fields = fields
        self.warnings = warnings
        self.issues = issues
        self.corrections = corrections
        self.sourceText = sourceText
        self.sourceLines = sourceLines
    }
}
