public import Foundation

/// Stores each user's reader settings.
public protocol ReaderSettingsRepository: Sendable {
    /// The user's settings, or the defaults.
    func settings(for userID: UUID) async throws -> ReaderSettings
    /// Saves the user's settings.
    func save(_ settings: ReaderSettings, for userID: UUID) async throws
}
