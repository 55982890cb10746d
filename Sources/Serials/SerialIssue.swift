/// A reason a string is not a valid Apple serial number.
public enum SerialIssue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// There is nothing to check.
    case empty
    /// The string is not as long as the format requires.
    case wrongLength(length: Int, expected: ClosedRange<Int>)
    /// A character that is neither a digit nor a capital letter.
    case unexpectedCharacter(character: String, position: Int)
    /// The letter `I` or `O`, which Apple serials never use.
    case forbiddenLetter(character: String, position: Int)
    /// The 4th character of a 12-character serial is not a half-year code `C`…`Z`.
    case invalidYearCode(character: String)
    /// The 5th character of a 12-character serial is not a week code `1`…`9`, `C`…`Y`.
    case invalidWeekCode(character: String)
    /// The 3rd character of an 11-character serial is not a year digit.
    case invalidLegacyYear(character: String)
    /// The 4th and 5th characters of an 11-character serial are not a week 01–53.
    case invalidLegacyWeek(week: String)
    /// The string is something else printed near serials.
    case lookalike(SerialLookalike)

    /// One sentence for a user.
    public var description: String {
        switch self {
        case .empty:
            "There is no serial number."
        case .wrongLength(let length, let expected):
            expected.count == 1
                ? "It has \(length) characters; this layout has \(expected.lowerBound)."
                : "It has \(length) characters; Apple serials have \(expected.lowerBound) to \(expected.upperBound)."
        case .unexpectedCharacter(let character, let position):
            "“\(character)” at position \(position + 1) is not a digit or a capital letter."
        case .forbiddenLetter(let character, let position):
            "“\(character)” at position \(position + 1) is never used in Apple serials."
        case .invalidYearCode(let character):
            "“\(character)” is not a year code (C, D, F, G, H, J, K, L, M, N, P, Q, R, S, T, V, W, X, Y or Z)."
        case .invalidWeekCode(let character):
            "“\(character)” is not a week code (1–9, C, D, F, G, H, J, K, L, M, N, P, Q, R, T, V, W, X or Y)."
        case .invalidLegacyYear(let character):
            "“\(character)” is not a year digit."
        case .invalidLegacyWeek(let week):
            "“\(week)” is not a week from 01 to 53."
        case .lookalike(let kind):
            "It looks like \(kind.description), not a serial number."
        }
    }
}

/// Something worth knowing about a serial that is nonetheless valid.
public enum SerialWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A random serial whose length is not the usual 10.
    case unusualLength(length: Int)
    /// A serial made only of digits; real serials almost always mix letters and digits.
    case allDigits
    /// A random serial made only of letters, which is rare.
    case allLetters
    /// The year code fits more than one decade.
    case ambiguousDecade(years: [Int])

    /// One sentence for a user.
    public var description: String {
        switch self {
        case .unusualLength(let length):
            "It has \(length) characters; Apple's random serials usually have 10."
        case .allDigits:
            "It is all digits; Apple serials mix letters and digits."
        case .allLetters:
            "It is all letters; Apple serials usually mix letters and digits."
        case .ambiguousDecade(let years):
            "The year code repeats every ten years: it could mean "
                + years.map(String.init).joined(separator: " or ") + "."
        }
    }
}
