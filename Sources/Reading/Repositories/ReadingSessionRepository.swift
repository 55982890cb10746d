public import Foundation

/// Stores reading sessions and which pages and words each one reached.
public protocol ReadingSessionRepository: Sendable {
    /// Opens `book` at `page` (whose distinct words are `words`): continues the user's open session
    /// on that book if it has not timed out under `policy`, otherwise ends the user's open sessions
    /// and starts a new one. A page the session had not reached yet counts as reached and its
    /// words as seen.
    func start(
        for userID: UUID, book: Book, page: Int, words: [String], policy: ReadingSessionPolicy, at date: Date
    ) async throws -> ReadingSession
    /// One session, ending it first if it has timed out under `policy`.
    func session(
        _ id: UUID, of userID: UUID, policy: ReadingSessionPolicy, at date: Date
    ) async throws
        -> ReadingSession
    /// Adds reading time and a reached page (and the words seen on it) to an open session; a session
    /// that has ended is `ReadingError.sessionEnded`.
    func recordActivity(
        _ id: UUID, of userID: UUID, page: BookPage?, words: [String], activeSeconds: Int,
        policy: ReadingSessionPolicy, at date: Date
    ) async throws -> ReadingSession
    /// Ends a session (idempotent) and returns its summary.
    func end(
        _ id: UUID, of userID: UUID, reason: ReadingSession.EndReason, at date: Date
    ) async throws
        -> SessionSummary
    /// The summary of a session, open or ended.
    func summary(_ id: UUID, of userID: UUID) async throws -> SessionSummary
}
