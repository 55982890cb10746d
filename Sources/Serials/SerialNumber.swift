/// A validated Apple serial number.
public struct SerialNumber: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The serial, upper-case, without spaces.
    public let value: String
    /// The layout the serial fits.
    public let format: SerialFormat
    /// The decoded parts, or `nil` for random serials.
    public let fields: SerialFields?
    /// What is unusual about it.
    public let warnings: [SerialWarning]

    /// Validates `text`, returning `nil` when it is not a serial; see ``parse(_:)`` for the reasons.
    public init?(validating text: String) {
        guard let serial = Self.parse(text).serial else { return nil }
        self = serial
    }

    private init(value: String, format: SerialFormat, fields: SerialFields?, warnings: [SerialWarning]) {
        self.value = value
        self.format = format
        self.fields = fields
        self.warnings = warnings
    }

    /// The serial itself.
    public var description: String { value }

    /// Validates `text` against the format its length implies.
    ///
    /// The text is upper-cased and whitespace is dropped first. Twelve characters are judged as a structured
    /// serial, eleven as a legacy one, and 8–10, 13 and 14 as a random one (see ``SerialFormat/format(forLength:)``).
    public static func parse(_ text: String) -> SerialValidation {
        let value = normalized(text)
        guard !value.isEmpty else { return .invalid([.empty]) }
        guard let format = SerialFormat.format(forLength: value.count) else {
            return .invalid([.wrongLength(length: value.count, expected: 8...14)])
        }
        return parse(value, as: format)
    }

    /// Validates `text` against one format.
    public static func parse(_ text: String, as format: SerialFormat) -> SerialValidation {
        let value = normalized(text)
        guard !value.isEmpty else { return .invalid([.empty]) }
        let characters = Array(value)
        guard format.lengths.contains(characters.count) else {
            return .invalid([.wrongLength(length: characters.count, expected: format.lengths)])
        }
        var issues: [SerialIssue] = []
        for (position, character) in characters.enumerated() {
            if !SerialAlphabet.isAlphanumeric(character) {
                issues.append(.unexpectedCharacter(character: String(character), position: position))
            } else if SerialAlphabet.forbiddenLetters.contains(character) {
                issues.append(.forbiddenLetter(character: String(character), position: position))
            }
        }
        let flagged = Set(issues.compactMap(\.position))
        switch format {
        case .structured12:
            if !flagged.contains(3), !SerialAlphabet.yearCodeSet.contains(characters[3]) {
                issues.append(.invalidYearCode(character: String(characters[3])))
            }
            if !flagged.contains(4), !SerialAlphabet.weekCodeSet.contains(characters[4]) {
                issues.append(.invalidWeekCode(character: String(characters[4])))
            }
        case .legacy11:
            if !flagged.contains(2), characters[2].wholeNumberValue == nil || !characters[2].isASCII {
                issues.append(.invalidLegacyYear(character: String(characters[2])))
            }
            let week = String(characters[3..<5])
            if !flagged.contains(3), !flagged.contains(4),
                !week.allSatisfy({ SerialAlphabet.digits.contains($0) }) || !(1...53).contains(Int(week) ?? 0)
            {
                issues.append(.invalidLegacyWeek(week: week))
            }
        case .randomized:
            if issues.isEmpty, let kind = SerialLookalike(classifying: value) {
                issues.append(.lookalike(kind))
            }
        }
        guard issues.isEmpty else { return .invalid(issues) }

        let fields = SerialFields(decoding: value, format: format)
        var warnings: [SerialWarning] = []
        if format == .randomized, characters.count != 10 {
            warnings.append(.unusualLength(length: characters.count))
        }
        if characters.allSatisfy(\.isNumber) {
            warnings.append(.allDigits)
        } else if format == .randomized, characters.allSatisfy(\.isLetter) {
            warnings.append(.allLetters)
        }
        if let years = fields?.manufactured.years, years.count > 1 {
            warnings.append(.ambiguousDecade(years: years))
        }
        return .valid(SerialNumber(value: value, format: format, fields: fields, warnings: warnings))
    }

    /// Upper-cases `text` and drops whitespace.
    static func normalized(_ text: String) -> String {
        String(text.uppercased().filter { !$0.isWhitespace })
    }
}

/// The outcome of checking a string against the serial grammar.
public enum SerialValidation: Hashable, Sendable {
    /// The string is a serial.
    case valid(SerialNumber)
    /// The string is not a serial, for these reasons (never empty).
    case invalid([SerialIssue])

    /// The serial, when valid.
    public var serial: SerialNumber? {
        if case .valid(let serial) = self { serial } else { nil }
    }

    /// Why the string is not a serial; empty when it is one.
    public var issues: [SerialIssue] {
        if case .invalid(let issues) = self { issues } else { [] }
    }

    /// Whether the string is a serial.
    public var isValid: Bool { serial != nil }
}

extension SerialIssue {
    /// The position an issue is about, for issues about one character.
    fileprivate var position: Int? {
        switch self {
        case .unexpectedCharacter(_, let position), .forbiddenLetter(_, let position): position
        default: nil
        }
    }
}
