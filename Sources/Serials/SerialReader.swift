/// Picks the device's serial number out of the lines the OCR worker read.
///
/// The reader splits lines into words, drops labels (`Serial No.`, `(S)`, `SN`, `序列号`…), rejects lookalikes
/// printed nearby (model and part numbers, IMEIs, EIDs, barcode numbers, dates), also tries words the OCR split
/// apart and serials glued to a label, and corrects each reading with ``SerialCorrection``.
///
/// Candidates are ranked by confidence weighed by format (structured, then legacy, then random serials) and by
/// the label in front of them (a `Serial` label raises a word, a `Model` or `IMEI` label lowers it), so the
/// order is not strictly by ``SerialCandidate/confidence``.
public struct SerialReader: Sendable {
    /// The device photographed, when known.
    public var deviceType: DeviceType?
    /// The preset the photo was read with; it sets how much a confusion-table correction costs.
    public var preset: SerialPreset
    /// The grammar-driven correction applied to every reading.
    public var correction: SerialCorrection
    /// The most candidates to return.
    public var maximumCandidates: Int

    /// Creates a reader for a device; the preset defaults to the device's, or `sticker` without a device.
    public init(deviceType: DeviceType? = nil, preset: SerialPreset? = nil, maximumCandidates: Int = 5) {
        let preset = preset ?? deviceType?.preset ?? .sticker
        self.deviceType = deviceType
        self.preset = preset
        self.correction = SerialCorrection(substitutionPenalty: preset.substitutionPenalty)
        self.maximumCandidates = maximumCandidates
    }

    /// The serial candidates in the worker's `lines`, best first, without duplicates.
    ///
    /// When nothing fits the grammar, the longest serial-length words are returned as invalid candidates with
    /// the reasons, so a user can correct one by hand.
    public func candidates(in lines: [RecognizedSerialLine]) -> [SerialCandidate] {
        let rows = Self.rows(of: lines.enumerated().flatMap { Self.words(in: $0.element, line: $0.offset) })
        var ranked: [String: (candidate: SerialCandidate, rank: Double)] = [:]
        var invalid: [String: SerialCandidate] = [:]
        for span in Self.spans(in: rows) {
            let sourceLines = Array(Set(span.words.map(\.line))).sorted()
            let sourceText = sourceLines.map { lines[$0].text }.joined(separator: " ")
            let found = correction.candidates(from: span.glyphs, limit: 3)
            if found.isEmpty, span.factor >= 0.8, span.glyphs.count >= 8 {
                let validation = SerialNumber.parse(span.text)
                invalid[span.text] = SerialCandidate(
                    serial: SerialNumber.normalized(span.text), confidence: 0, isValid: false, format: nil,
                    fields: nil, warnings: [], issues: validation.issues, corrections: [], sourceText: sourceText,
                    sourceLines: sourceLines)
            }
            for corrected in found {
                let serial = corrected.serial
                let confidence = min(
                    1, corrected.probability * span.factor * Self.plausibility(of: serial, read: span.text))
                let rank =
                    confidence * Self.preference(for: serial.format) * span.context.weight
                    * (1 - 0.01 * Double(min(sourceLines.first ?? 0, 20)))
                guard rank > (ranked[serial.value]?.rank ?? 0) else { continue }
                let candidate = SerialCandidate(
                    serial: serial.value, confidence: confidence, isValid: true, format: serial.format,
                    fields: serial.fields, warnings: serial.warnings, issues: [], corrections: corrected.corrections,
                    sourceText: sourceText, sourceLines: sourceLines)
                ranked[serial.value] = (candidate, rank)
            }
        }
        let limit = max(0, maximumCandidates)
        guard ranked.isEmpty else {
            return ranked.values
                .sorted { ($0.rank, $1.candidate.serial) > ($1.rank, $0.candidate.serial) }
                .prefix(limit).map(\.candidate)
        }
        return invalid.values
            .sorted { (abs($0.serial.count - 11), $0.serial) < (abs($1.serial.count - 11), $1.serial) }
            .prefix(limit).map { $0 }
    }

    /// The serial candidates in plain text, such as a pasted Settings screen, one line per text line.
    public func candidates(inText text: String) -> [SerialCandidate] {
        candidates(in: text.split(whereSeparator: \.isNewline).map { RecognizedSerialLine(text: String($0)) })
    }

    /// How much more a format is trusted: a structured serial's grammar is strict, a random one's is not.
    private static func preference(for format: SerialFormat) -> Double {
        switch format {
        case .structured12: 1
        case .legacy11: 0.8
        case .randomized: 0.5
        }
    }

    /// The confidence factor for a serial's shape: its warnings, and words read without a digit (prose
    /// such as `DESIGNED BY` can be corrected into a random serial).
    private static func plausibility(of serial: SerialNumber, read: String) -> Double {
        let readWithoutDigits = serial.format == .randomized && !read.contains(where: \.isNumber)
        return serial.warnings.reduce(readWithoutDigits ? 0.3 : 1) { factor, warning in
            switch warning {
            case .unusualLength: factor * 0.3
            case .allDigits: factor * 0.05
            case .allLetters: readWithoutDigits ? factor : factor * 0.5
            case .ambiguousDecade: factor
            }
        }
    }
}
