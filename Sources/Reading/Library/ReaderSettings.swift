public import ChineseText

/// How a learner likes to read: type size, pinyin, tone colours, theme, language and level.
public struct ReaderSettings: Hashable, Sendable, Codable {
    /// Reading text size in CSS pixels: one of `allowedFontSizes`.
    public var fontSize: Int
    /// When pinyin appears above the characters.
    public var pinyin: PinyinDisplay
    /// Whether characters are coloured by tone.
    public var toneColors: Bool
    /// Light, dark, or following the system.
    public var theme: Theme
    /// The interface language.
    public var language: InterfaceLanguage
    /// The learner's HSK level (1–6), used for "pinyin only above my level".
    public var level: Int
    /// Which HSK word list levels refer to.
    public var standard: HSKStandard

    /// The sizes the reader offers.
    public static let allowedFontSizes = [14, 16, 18, 20]

    /// Creates settings; out-of-range values fall back to the defaults.
    public init(
        fontSize: Int = 16, pinyin: PinyinDisplay = .off, toneColors: Bool = false, theme: Theme = .system,
        language: InterfaceLanguage = .english, level: Int = 1, standard: HSKStandard = .hsk3
    ) {
        self.fontSize = Self.allowedFontSizes.contains(fontSize) ? fontSize : 16
        self.pinyin = pinyin
        self.toneColors = toneColors
        self.theme = theme
        self.language = language
        self.level = min(6, max(1, level))
        self.standard = standard
    }

    /// When pinyin is shown above characters.
    public enum PinyinDisplay: String, Hashable, Sendable, Codable, CaseIterable {
        /// Never.
        case off
        /// Above every word.
        case all
        /// Only above words beyond the learner's level (or not in the HSK lists).
        case beyondLevel
    }

    /// The colour theme.
    public enum Theme: String, Hashable, Sendable, Codable, CaseIterable {
        /// Follow the device.
        case system
        /// Light.
        case light
        /// Dark.
        case dark
    }

    /// Whether a word of `hskLevel` (nil: not listed) gets pinyin under these settings.
    public func showsPinyin(forLevel hskLevel: Int?) -> Bool {
        switch pinyin {
        case .off: false
        case .all: true
        case .beyondLevel: (hskLevel ?? Int.max) > level
        }
    }
}

/// A language the interface is available in.
public enum InterfaceLanguage: String, Hashable, Sendable, Codable, CaseIterable {
    /// English.
    case english = "en"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"
}
