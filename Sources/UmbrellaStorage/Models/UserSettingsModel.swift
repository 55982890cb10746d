import FluentKit
import Foundation

final class UserSettingsModel: Model, @unchecked Sendable {
    static let schema = "user_settings"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "font_size") var fontSize: Int
    @Field(key: "pinyin") var pinyin: String
    @Field(key: "tone_colors") var toneColors: Bool
    @Field(key: "theme") var theme: String
    @Field(key: "language") var language: String
    @Field(key: "level") var level: Int
    @Field(key: "standard") var standard: String

    init() {}
}
