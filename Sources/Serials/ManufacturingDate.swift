/// When a device was made, as far as its serial number says.
///
/// Serials repeat their year codes every ten years, so a serial can fit more than one year: ``years`` lists
/// every year Apple could have meant, in calendar order, and ``year`` is set only when there is one.
public struct ManufacturingDate: Hashable, Sendable, Codable {
    /// Which half of the year, for structured serials.
    public enum Half: Int, Hashable, Sendable, Codable {
        /// January to June.
        case first = 1
        /// July to December.
        case second = 2
    }

    /// The years the serial fits, in calendar order; more than one when the decade is ambiguous.
    public var years: [Int]
    /// The half of the year for structured serials, `nil` for legacy serials.
    public var half: Half?
    /// The week of the year, 1–53.
    public var week: Int

    /// Creates a manufacturing date.
    public init(years: [Int], half: Half?, week: Int) {
        self.years = years
        self.half = half
        self.week = week
    }

    /// The year, or `nil` when the serial fits more than one decade.
    public var year: Int? { years.count == 1 ? years.first : nil }

    /// Whether the serial fits more than one decade.
    public var isDecadeAmbiguous: Bool { years.count > 1 }

    /// The week within its half-year (1–27) for structured serials.
    public var weekOfHalf: Int? {
        guard let half else { return nil }
        return half == .first ? week : week - 26
    }
}
