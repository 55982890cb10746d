public import FluentKit
public import Foundation
public import Reading

/// Reader settings in a Fluent database, one row per user.
public struct FluentReaderSettingsRepository: ReaderSettingsRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``ReaderSettingsRepository/settings(for:)``.
    public func settings(for userID: UUID) async throws -> ReaderSettings {
        try await UserSettingsModel.query(on: database).filter(\.$userID == userID).first()?.domain()
            ?? ReaderSettings()
    }

    /// See ``ReaderSettingsRepository/save(_:for:)``.
    public func save(_ settings: ReaderSettings, for userID: UUID) async throws {
        let model =
            try await UserSettingsModel.query(on: database).filter(\.$userID == userID).first()
            ?? UserSettingsModel()
        if model.id == nil {
            model.id = UUID()
            model.userID = userID
        }
        model.fontSize = settings.fontSize
        model.pinyin = settings.pinyin.rawValue
        model.toneColors = settings.toneColors
        model.theme = settings.theme.rawValue
        model.language = settings.language.rawValue
        model.level = settings.level
        model.standard = settings.standard.rawValue
        try await model.save(on: database)
    }
}
