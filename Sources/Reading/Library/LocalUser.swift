public import Foundation

/// A learner. In this release every install has one anonymous local user who owns every record;
/// accounts come later and take over the local user's data by its identifier.
public struct LocalUser: Hashable, Sendable, Codable, Identifiable {
    /// The user's identifier, created once on first launch and never regenerated.
    public var id: UUID
    /// The name shown in the app.
    public var displayName: String
    /// Whether the user has no account yet (always true in this release).
    public var isAnonymous: Bool
    /// When the user was created.
    public var createdAt: Date
    /// When the starter library was put in the user's library (nil: not yet). It is put there once;
    /// deleting its books does not bring them back.
    public var starterLibrarySeededAt: Date?

    /// Creates a user.
    public init(
        id: UUID, displayName: String, isAnonymous: Bool, createdAt: Date, starterLibrarySeededAt: Date? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.isAnonymous = isAnonymous
        self.createdAt = createdAt
        self.starterLibrarySeededAt = starterLibrarySeededAt
    }
}
