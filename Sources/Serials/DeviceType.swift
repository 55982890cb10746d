/// The kind of Apple device whose serial number is being read.
///
/// The device type chooses the photo preset the OCR worker uses and the default shape of the region of
/// interest the camera overlay suggests.
public enum DeviceType: String, Hashable, Sendable, Codable, CaseIterable {
    /// A MacBook, MacBook Air or MacBook Pro: the serial is etched into the bottom case.
    case macBook = "MacBook"
    /// An iMac: the serial is etched under the stand.
    case iMac = "iMac"
    /// A Mac mini: the serial is etched into the base.
    case macMini = "Mac Mini"
    /// An iPhone: the serial is read from Settings › General › About.
    case iPhone = "iPhone"
    /// An iPad: the serial is read from Settings › General › About.
    case iPad = "iPad"
    /// An Apple Watch: the serial is read from a printed label.
    case appleWatch = "Apple Watch"
    /// Any other Apple product (AirPods, keyboards, chargers…): the serial is read from a printed label.
    case accessory = "Accessory"

    /// Parses a device name, forgiving case, spaces, hyphens and common spellings.
    ///
    /// Accepts the raw values (`"Mac Mini"`) and spellings such as `"macbook"`, `"MacBook Pro"`,
    /// `"mac-mini"`, `"watch"` or `"accessories"`; returns `nil` for anything else.
    public init?(parsing name: String) {
        let key = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
        if let type = Self.spellings[key] {
            self = type
        } else {
            return nil
        }
    }

    /// The OCR preset that suits where this device shows its serial.
    public var preset: SerialPreset {
        switch self {
        case .macBook, .iMac, .macMini: .etched
        case .iPhone, .iPad: .screen
        case .appleWatch, .accessory: .sticker
        }
    }

    /// The default width-to-height ratio of the region of interest around the serial (8, 5 or 4).
    public var defaultROIAspectRatio: Double {
        switch self {
        case .macBook, .iMac, .macMini: 8
        case .iPhone, .iPad: 5
        case .appleWatch, .accessory: 4
        }
    }

    private static let spellings: [String: DeviceType] = [
        "macbook": .macBook, "macbookair": .macBook, "macbookpro": .macBook, "laptop": .macBook,
        "imac": .iMac, "imacpro": .iMac,
        "macmini": .macMini, "mini": .macMini,
        "iphone": .iPhone, "phone": .iPhone,
        "ipad": .iPad, "ipadair": .iPad, "ipadpro": .iPad, "ipadmini": .iPad,
        "applewatch": .appleWatch, "watch": .appleWatch, "iwatch": .appleWatch,
        "accessory": .accessory, "accessories": .accessory, "airpods": .accessory, "other": .accessory,
    ]
}
