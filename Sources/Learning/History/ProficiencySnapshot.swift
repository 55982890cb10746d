public import ChineseText
public import Foundation

/// The level estimate at one moment, kept so the learner can see it change over time.
///
/// The app records one after each reading session and after the placement reading, and only when
/// the evidence changed since the previous one (``hasSameEvidence(as:)``).
public struct ProficiencySnapshot: Hashable, Sendable, Codable {
    /// What led to the snapshot.
    public enum Trigger: String, Hashable, Sendable, Codable, CaseIterable {
        /// A reading session ended (or a new one started after it).
        case reading
        /// The learner finished the placement reading.
        case placement
    }

    /// When the estimate was made.
    public var recordedAt: Date
    /// What led to it.
    public var trigger: Trigger
    /// The standard the levels are in.
    public var standard: HSKStandard
    /// The most probable level, or `nil` while there was too little reading.
    public var level: Int?
    /// The credible interval of the level.
    public var levelInterval: LevelInterval?
    /// The posterior mean ability on the continuous HSK scale.
    public var ability: Double?
    /// The credible interval of the ability.
    public var abilityInterval: ValueInterval?
    /// The estimated mastery in percent.
    public var masteryPercentage: Double?
    /// The credible interval of the mastery, in percent.
    public var masteryInterval: ValueInterval?
    /// Distinct words seen.
    public var wordsSeen: Int
    /// Words marked.
    public var wordsMarked: Int

    /// Creates a snapshot with every field.
    public init(
        recordedAt: Date, trigger: Trigger, standard: HSKStandard, level: Int?, levelInterval: LevelInterval?,
        ability: Double?, abilityInterval: ValueInterval?, masteryPercentage: Double?,
        masteryInterval: ValueInterval?, wordsSeen: Int, wordsMarked: Int
    ) {
        self.recordedAt = recordedAt
        self.trigger = trigger
        self.standard = standard
        self.level = level
        self.levelInterval = levelInterval
        self.ability = ability
        self.abilityInterval = abilityInterval
        self.masteryPercentage = masteryPercentage
        self.masteryInterval = masteryInterval
        self.wordsSeen = wordsSeen
        self.wordsMarked = wordsMarked
    }

    /// The snapshot of `estimate`, made at `date`.
    public init(_ estimate: ProficiencyEstimate, at date: Date, trigger: Trigger) {
        self.init(
            recordedAt: date, trigger: trigger, standard: estimate.standard, level: estimate.level,
            levelInterval: estimate.levelInterval, ability: estimate.ability,
            abilityInterval: estimate.abilityInterval, masteryPercentage: estimate.masteryPercentage,
            masteryInterval: estimate.masteryInterval, wordsSeen: estimate.wordsSeen,
            wordsMarked: estimate.wordsMarked)
    }

    /// Whether `other` rests on the same evidence: same standard, words seen and marked, and level.
    ///
    /// Used to skip recording a snapshot when nothing was read or marked since the last one.
    public func hasSameEvidence(as other: ProficiencySnapshot) -> Bool {
        standard == other.standard && wordsSeen == other.wordsSeen && wordsMarked == other.wordsMarked
            && level == other.level
            && masteryPercentage.map { ($0 * 10).rounded() }
                == other.masteryPercentage.map { ($0 * 10).rounded() }
    }
}

/// Stores a learner's level estimates over time.
public protocol ProficiencyHistoryRepository: Sendable {
    /// Adds a snapshot.
    func record(_ snapshot: ProficiencySnapshot, for userID: UUID) async throws
    /// The user's snapshots, oldest first; with `limit`, only the newest `limit` of them.
    func snapshots(for userID: UUID, limit: Int?) async throws -> [ProficiencySnapshot]
}
