/// The constants of the segmentation model. The defaults were fitted on the UD GSDSimp dev set
/// (see BENCHMARKS.md); change them only to experiment.
public struct SegmenterParameters: Hashable, Sendable, Codable {
    /// Corpus count assumed for a CEDICT headword missing from the frequency list.
    public var unseenWordFrequency: Double = 2
    /// Cost of a Han character that is not a headword on its own.
    public var unknownCharacterCost: Float = 24
    /// Corpus count assumed for a Chinese number or ordinal found by rule (三百五十, 第一次).
    public var ruleFrequency: Double = 3000
    /// Corpus count assumed for digits with a date or time unit (2024年, 8月).
    public var dateRuleFrequency: Double = 3000
    /// Added to the cost of three-character dictionary words.
    public var threeCharacterPenalty: Float = 4
    /// Added to the cost of dictionary words of four or more characters.
    public var longWordPenalty: Float = 3
    /// Added to every token's cost: positive favours fewer, longer tokens; negative, more splits.
    public var tokenPenalty: Float = -1
    /// Added to a word that starts with a measure word right after a number or demonstrative, so
    /// 一个人 reads 一/个/人 rather than 一/个人 (individual).
    public var measureWordPenalty: Float = 6
    /// Corpus count assumed for a run of Latin letters or digits.
    public var atomicFrequency: Double = 1000
    /// A character whose own corpus count is above this is a function word, never part of a name.
    public var maximumNameCharacterFrequency: UInt32 = 10_000
    /// How many transliterated names a character must appear in to count as transliteration.
    public var minimumTransliterationCount = 10
    /// The same, for proposing a stretch of single characters to the name HMM.
    public var minimumHMMTransliterationCount = 30
    /// A dictionary word more frequent than this is never absorbed into a transliterated name.
    public var maximumTransliterationWordFrequency: UInt32 = 500

    /// The fitted defaults.
    public init() {}
}
