/// Finds the local user, creating it on first launch.
public protocol UserRepository: Sendable {
    /// The anonymous local user, created (once) if there is none.
    func localUser() async throws -> LocalUser
}
