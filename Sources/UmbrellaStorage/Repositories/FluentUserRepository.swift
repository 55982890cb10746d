public import FluentKit
public import Foundation
public import Reading

/// The local user in a Fluent database.
public struct FluentUserRepository: UserRepository {
    private let database: any Database
    private let now: @Sendable () -> Date

    /// Creates a repository over `database`; `now` stamps a newly created user.
    public init(database: any Database, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// See ``UserRepository/localUser()``.
    public func localUser() async throws -> LocalUser {
        if let user = try await UserModel.query(on: database).filter(\.$isAnonymous == true).sort(\.$createdAt).first()
        {
            return LocalUser(
                id: try user.requireID(), displayName: user.displayName, isAnonymous: true, createdAt: user.createdAt,
                starterLibrarySeededAt: user.starterLibrarySeededAt)
        }
        let user = UserModel(id: UUID(), displayName: "Local User", isAnonymous: true, createdAt: now())
        try await user.create(on: database)
        return LocalUser(
            id: try user.requireID(), displayName: user.displayName, isAnonymous: true, createdAt: user.createdAt)
    }

    /// See ``UserRepository/markStarterLibrarySeeded(for:at:)``.
    public func markStarterLibrarySeeded(for userID: UUID, at date: Date) async throws {
        try await UserModel.query(on: database)
            .filter(\.$id == userID)
            .set(\.$starterLibrarySeededAt, to: date)
            .update()
    }
}
