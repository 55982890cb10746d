/// The layouts of Apple serial numbers.
public enum SerialFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// The 12-character layout used from 2010 to 2021: `PPP Y W SSS MMMM`.
    ///
    /// Plant (3), year and half-year code (1, `C`…`Z`), week-of-half code (1), unique unit (3) and
    /// model/configuration code (4).
    case structured12
    /// The 11-character layout used until about 2012: `PP Y WW SSS MMM`.
    ///
    /// Plant (2), last digit of the year (1), week of the year (2 digits, 01–53), unique unit (3) and model (3).
    case legacy11
    /// The random layout Apple has used since 2021: 10 characters that encode nothing.
    ///
    /// Lengths from 8 to 14 are accepted with a warning when they are not 10.
    case randomized

    /// One sentence that describes the layout.
    public var summary: String {
        switch self {
        case .structured12: "A 12-character serial that encodes plant, half-year, week, unit and model."
        case .legacy11: "An 11-character serial that encodes plant, year, week, unit and model."
        case .randomized: "A random serial, normally 10 characters, that encodes nothing."
        }
    }

    /// The lengths a serial of this format may have.
    public var lengths: ClosedRange<Int> {
        switch self {
        case .structured12: 12...12
        case .legacy11: 11...11
        case .randomized: 8...14
        }
    }

    /// The format a serial of `length` characters is judged by, or `nil` when no serial is that long.
    ///
    /// A string of 11 or 12 characters is always judged by the legacy or structured grammar: Apple's random
    /// serials are 10 characters long in practice, so an 11- or 12-character string that breaks the grammar is
    /// far more likely a misread structured serial than a random one.
    public static func format(forLength length: Int) -> SerialFormat? {
        switch length {
        case 12: .structured12
        case 11: .legacy11
        case 8...14: .randomized
        default: nil
        }
    }

    /// The characters the grammar allows at `position` of a serial of this format.
    func allowedCharacters(at position: Int) -> Set<Character> {
        switch self {
        case .structured12:
            switch position {
            case 3: SerialAlphabet.yearCodeSet
            case 4: SerialAlphabet.weekCodeSet
            default: SerialAlphabet.serialCharacters
            }
        case .legacy11:
            (2...4).contains(position) ? SerialAlphabet.digits : SerialAlphabet.serialCharacters
        case .randomized:
            SerialAlphabet.serialCharacters
        }
    }
}

/// The character sets of the serial grammar.
enum SerialAlphabet {
    /// Digits `0`–`9`.
    static let digits = Set("0123456789")
    /// Every character an Apple serial may contain: digits and capital letters except `I` and `O`.
    static let serialCharacters = Set("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")
    /// The letters `I` and `O`, which Apple serials never use.
    static let forbiddenLetters: Set<Character> = ["I", "O"]
    /// Year-and-half codes of structured serials: `C` is 2010's first half, `D` its second, … `Z` 2019's second.
    static let yearCodes = Array("CDFGHJKLMNPQRSTVWXYZ")
    /// Week-within-half codes of structured serials: `1`…`9` then `C` = 10 … `Y` = 27.
    static let weekCodes = Array("123456789CDFGHJKLMNPQRTVWXY")
    static let yearCodeSet = Set(yearCodes)
    static let weekCodeSet = Set(weekCodes)

    /// Whether `character` is an ASCII digit or capital letter.
    static func isAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isNumber || character.isUppercase)
    }
}
