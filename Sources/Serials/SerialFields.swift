/// The parts of a structured or legacy serial number, decoded.
public struct SerialFields: Hashable, Sendable, Codable {
    /// The plant code: 3 characters in structured serials (`C02`), 2 in legacy ones (`W8`).
    public var plant: String
    /// Where the plant is, as serial decoders commonly report it, or `nil` for a code not in the table.
    ///
    /// Apple does not publish plant codes; the table holds only well-attested ones.
    public var plantLocation: String?
    /// The year character as printed: a half-year code (`X`) or a year digit (`8`).
    public var yearCode: String
    /// The week as printed: one week-of-half code (`L`) or two digits (`41`).
    public var weekCode: String
    /// The manufacturing year(s), half and week.
    public var manufactured: ManufacturingDate
    /// The characters that tell apart units made in the same week.
    public var uniqueUnit: String
    /// The model and configuration code: 4 characters in structured serials, 3 in legacy ones.
    public var modelCode: String

    /// Creates decoded fields.
    public init(
        plant: String, plantLocation: String?, yearCode: String, weekCode: String,
        manufactured: ManufacturingDate, uniqueUnit: String, modelCode: String
    ) {
        self.plant = plant
        self.plantLocation = plantLocation
        self.yearCode = yearCode
        self.weekCode = weekCode
        self.manufactured = manufactured
        self.uniqueUnit = uniqueUnit
        self.modelCode = modelCode
    }

    /// Decodes a serial already checked against `format`; `nil` for random serials, which encode nothing.
    init?(decoding serial: String, format: SerialFormat) {
        let characters = Array(serial)
        switch format {
        case .structured12:
            guard characters.count == 12,
                let yearIndex = SerialAlphabet.yearCodes.firstIndex(of: characters[3]),
                let weekIndex = SerialAlphabet.weekCodes.firstIndex(of: characters[4])
            else { return nil }
            let decade = yearIndex / 2
            let half: ManufacturingDate.Half = yearIndex.isMultiple(of: 2) ? .first : .second
            // The code cycle restarts in 2020; structured serials were phased out during 2021, so only
            // C…J (2020–2022) can also mean the 2020s.
            let years = decade <= 2 ? [2010 + decade, 2020 + decade] : [2010 + decade]
            let week = weekIndex + 1 + (half == .second ? 26 : 0)
            let plant = String(characters[0..<3])
            self.init(
                plant: plant, plantLocation: Self.location(ofPlant: plant), yearCode: String(characters[3]),
                weekCode: String(characters[4]), manufactured: ManufacturingDate(years: years, half: half, week: week),
                uniqueUnit: String(characters[5..<8]), modelCode: String(characters[8..<12]))
        case .legacy11:
            guard characters.count == 11, let digit = characters[2].wholeNumberValue,
                let week = Int(String(characters[3..<5]))
            else { return nil }
            // The legacy layout ran into the early 2010s, so 0–2 may also mean 2010–2012.
            let years = digit <= 2 ? [2000 + digit, 2010 + digit] : [2000 + digit]
            let plant = String(characters[0..<2])
            self.init(
                plant: plant, plantLocation: Self.location(ofPlant: plant), yearCode: String(characters[2]),
                weekCode: String(characters[3..<5]),
                manufactured: ManufacturingDate(years: years, half: nil, week: week),
                uniqueUnit: String(characters[5..<8]), modelCode: String(characters[8..<11]))
        case .randomized:
            return nil
        }
    }

    /// Where a plant code is, as commonly reported, or `nil` when the code is not in the table.
    ///
    /// Three-character codes are looked up whole, then by their first two characters among the prefixes
    /// known to stand for one factory group.
    public static func location(ofPlant plant: String) -> String? {
        let plant = plant.uppercased()
        if let location = plantLocations[plant] { return location }
        guard plant.count == 3 || plant.count == 2 else { return nil }
        return plantPrefixLocations[String(plant.prefix(2))]
    }

    private static let plantLocations: [String: String] = [
        "C02": "Quanta Computer, Shanghai, China",
        "C07": "Quanta Computer, Shanghai, China",
        "C17": "Quanta Computer, China",
        "C1M": "Quanta Computer, China",
        "C2V": "Quanta Computer, China",
        "F5K": "Flextronics, Austin, Texas, USA",
        "FVF": "China",
        "F17": "Foxconn, Zhengzhou, China",
        "FK1": "Foxconn, Zhengzhou, China",
        "FK2": "Foxconn, Zhengzhou, China",
        "DMP": "Foxconn, China",
        "DN6": "Foxconn, Chengdu, China",
        "DQG": "China",
    ]

    private static let plantPrefixLocations: [String: String] = [
        "FC": "Fountain, Colorado, USA",
        "XA": "USA", "XB": "USA", "QP": "USA", "G8": "USA",
        "RN": "Mexico",
        "CK": "Cork, Ireland",
        "VM": "Foxconn, Pardubice, Czech Republic",
        "SG": "Singapore",
        "MB": "Malaysia",
        "PT": "Korea", "CY": "Korea",
        "EE": "Taiwan", "QT": "Taiwan", "UV": "Taiwan",
        "FK": "Foxconn, Zhengzhou, China", "F1": "Foxconn, Zhengzhou, China", "F2": "Foxconn, Zhengzhou, China",
        "W8": "Shanghai, China",
        "DL": "Foxconn, China", "DM": "Foxconn, China",
        "DN": "Foxconn, Chengdu, China",
        "YM": "Hon Hai (Foxconn), China", "7J": "Hon Hai (Foxconn), China",
        "1C": "China", "4H": "China", "WQ": "China", "F7": "China",
        "C0": "Tech-Com (Quanta Computer), China",
        "C3": "Foxconn, Shenzhen, China",
        "C7": "Pegatron, Shanghai, China",
        "G0": "Pegatron, Shanghai, China",
        "RM": "Refurbished or remanufactured",
    ]
}
