import FluentKit
import Foundation

/// One level estimate of a learner, at one moment.
final class ProficiencySnapshotModel: Model, @unchecked Sendable {
    static let schema = "proficiency_snapshots"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    /// 1, 2, 3… per user in the order recorded (two snapshots may share a time).
    @Field(key: "sequence") var sequence: Int
    @Field(key: "recorded_at") var recordedAt: Date
    @Field(key: "trigger") var trigger: String
    @Field(key: "standard") var standard: String
    @OptionalField(key: "level") var level: Int?
    @OptionalField(key: "level_min") var levelMin: Int?
    @OptionalField(key: "level_max") var levelMax: Int?
    @OptionalField(key: "ability") var ability: Double?
    @OptionalField(key: "ability_lower") var abilityLower: Double?
    @OptionalField(key: "ability_upper") var abilityUpper: Double?
    @OptionalField(key: "mastery") var mastery: Double?
    @OptionalField(key: "mastery_lower") var masteryLower: Double?
    @OptionalField(key: "mastery_upper") var masteryUpper: Double?
    @Field(key: "words_seen") var wordsSeen: Int
    @Field(key: "words_marked") var wordsMarked: Int

    init() {}
}

/// A learner's answer to the placement reading; `words` is the JSON of the passage's words and marks.
final class PlacementAnswerModel: Model, @unchecked Sendable {
    static let schema = "placement_answers"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "answered_at") var answeredAt: Date
    @Field(key: "standard") var standard: String
    @Field(key: "skipped") var skipped: Bool
    @Field(key: "words") var words: String
    @OptionalField(key: "proposed_level") var proposedLevel: Int?

    init() {}
}
