/// Something printed near a serial number that can be mistaken for one.
public enum SerialLookalike: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// A model number: `A` and four digits, such as `A2338`.
    case modelNumber
    /// A part number such as `MYD82LL/A` or `MGN63CH/A`, with or without its slash.
    case partNumber
    /// A configure-to-order number such as `Z0YQ000CK`.
    case orderNumber
    /// A 15-digit IMEI with a valid Luhn check digit.
    case imei
    /// A long digit string: an EID (32 digits) or ICCID (19–20 digits).
    case eid
    /// A UPC or EAN barcode number (8, 12, 13 or 14 digits with a valid check digit).
    case barcode
    /// A date such as `2019-10-12`, `12/10/2019` or `20191012`.
    case date

    /// A short noun phrase for a user.
    public var description: String {
        switch self {
        case .modelNumber: "a model number"
        case .partNumber: "a part number"
        case .orderNumber: "an order number"
        case .imei: "an IMEI"
        case .eid: "an EID or SIM number"
        case .barcode: "a barcode number"
        case .date: "a date"
        }
    }

    /// Classifies `text` as a lookalike, or returns `nil` when it could be a serial.
    ///
    /// The text is upper-cased and spaces are dropped first, so `35 693803 564380 9` is an IMEI.
    public init?(classifying text: String) {
        let value = SerialNumber.normalized(text)
        guard !value.isEmpty else { return nil }
        let digitsOnly = value.allSatisfy { $0.isASCII && $0.isNumber }
        if digitsOnly {
            if let kind = Self.classify(digits: value) {
                self = kind
                return
            }
            return nil
        }
        if value.wholeMatch(of: #/A[0-9]{4}/#) != nil {
            self = .modelNumber
        } else if Self.isDate(value) {
            self = .date
        } else if Self.isPartNumber(value) {
            self = .partNumber
        } else if value.wholeMatch(of: #/Z[0-9A-Z]{3}000[0-9A-Z]{1,3}(/[A-Z])?/#) != nil {
            self = .orderNumber
        } else {
            return nil
        }
    }

    private static func classify(digits: String) -> SerialLookalike? {
        let values = digits.compactMap(\.wholeNumberValue)
        switch values.count {
        case 15 where luhnIsValid(values): return .imei
        case 16...: return .eid
        case 8, 12, 13, 14:
            if gtinIsValid(values) { return .barcode }
            return values.count == 8 && isCompactDate(values) ? .date : nil
        default: return nil
        }
    }

    /// Apple part numbers: a letter or `3`, four characters, a region code, then `/A` (the slash may be lost).
    private static func isPartNumber(_ value: String) -> Bool {
        if value.wholeMatch(of: #/[A-Z0-9]{3,8}/[A-Z]/#) != nil { return true }
        guard let match = value.wholeMatch(of: #/([MFNPG3][A-Z0-9]{4})([A-Z]{1,3})([AB])/#) else { return false }
        return regionCodes.contains(String(match.output.2))
    }

    private static let regionCodes: Set<String> = [
        "LL", "CH", "ZP", "ZA", "B", "J", "X", "FN", "D", "T", "TA", "KH", "HN", "ZM", "PP", "AE", "AB", "RU", "Y",
        "C", "E", "LZ", "BZ", "CL", "PA", "ZD", "TH", "ID", "MY", "VC", "SM", "SO", "HC", "N", "QL", "CI", "KS",
        "TU", "PL", "ZE", "ZG", "ZH",
    ]

    private static func isDate(_ value: String) -> Bool {
        value.wholeMatch(of: #/(19|20)[0-9]{2}[-/.][0-9]{1,2}[-/.][0-9]{1,2}/#) != nil
            || value.wholeMatch(of: #/[0-9]{1,2}[-/.][0-9]{1,2}[-/.]([0-9]{2}|[0-9]{4})/#) != nil
            || value.wholeMatch(of: #/[0-9]{1,2}[-/.](19|20)[0-9]{2}/#) != nil
    }

    /// `YYYYMMDD` in the years 1990–2099.
    private static func isCompactDate(_ digits: [Int]) -> Bool {
        let year = digits[0..<4].reduce(0) { $0 * 10 + $1 }
        let month = digits[4] * 10 + digits[5]
        let day = digits[6] * 10 + digits[7]
        return (1990...2099).contains(year) && (1...12).contains(month) && (1...31).contains(day)
    }

    /// The Luhn check used by IMEIs.
    static func luhnIsValid(_ digits: [Int]) -> Bool {
        let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
            let (index, digit) = pair
            guard !index.isMultiple(of: 2) else { return sum + digit }
            let doubled = digit * 2
            return sum + (doubled > 9 ? doubled - 9 : doubled)
        }
        return sum.isMultiple(of: 10)
    }

    /// The GS1 check digit used by UPC-A, EAN-8, EAN-13 and GTIN-14.
    static func gtinIsValid(_ digits: [Int]) -> Bool {
        guard let check = digits.last else { return false }
        let body = digits.dropLast().reversed()
        let sum = body.enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 3 : 1) }
        return (10 - sum % 10) % 10 == check
    }
}
