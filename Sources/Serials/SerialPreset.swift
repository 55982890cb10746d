/// How the OCR worker prepares a photo of a serial number, chosen by where the serial is shown.
///
/// The raw values are the worker protocol's `preset` values.
public enum SerialPreset: String, Hashable, Sendable, Codable, CaseIterable {
    /// Serials engraved into aluminium (Macs).
    case etched
    /// Serials shown on a display (Settings › General › About on iPhone and iPad).
    case screen
    /// Serials printed on a label or box (Apple Watch, accessories, packaging).
    case sticker

    /// One sentence that tells a user what the preset is for.
    public var summary: String {
        switch self {
        case .etched: "For serials engraved into metal, where low contrast and glare hide the characters."
        case .screen: "For serials photographed from a screen, where moiré and interface text get in the way."
        case .sticker: "For serials printed on a label, where small print sits beside barcodes and other numbers."
        }
    }

    /// The factor a correction by the confusion table costs with this preset.
    ///
    /// Engraved characters are misread far more often than crisp screen text, so corrections are cheaper there.
    public var substitutionPenalty: Double {
        switch self {
        case .etched: 0.2
        case .screen: 0.05
        case .sticker: 0.1
        }
    }
}
