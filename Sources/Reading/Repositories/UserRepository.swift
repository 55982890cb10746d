public import Foundation

/// Finds the local user, creating it on first launch.
public protocol UserRepository: Sendable {
    /// The anonymous local user, created (once) if there is none.
    func localUser() async throws -> LocalUser
    /// Records that the starter library was put in the user's library.
    func markStarterLibrarySeeded(for userID: UUID, at date: Date) async throws
}
