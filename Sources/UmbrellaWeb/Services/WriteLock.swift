import Synchronization

/// An async mutex: one holder at a time, waiters served in arrival order, nothing blocks a thread.
///
/// Every write the app makes goes through one of these, so on SQLite two writes never meet (no
/// "database is locked"), on PostgreSQL read-modify-write steps (a mark's count, a session's
/// reading time) never lose an update, and the in-memory cache changes in commit order.
final class WriteLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` while holding the lock.
    func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await lock()
        do {
            let result = try await body()
            unlock()
            return result
        } catch {
            unlock()
            throw error
        }
    }

    private func lock() async {
        let acquired = state.withLock { state in
            guard !state.isLocked else { return false }
            state.isLocked = true
            return true
        }
        guard !acquired else { return }
        await withCheckedContinuation { continuation in
            let acquiredNow = state.withLock { state in
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquiredNow { continuation.resume() }
        }
    }

    private func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isLocked = false
                return nil
            }
            // The lock passes straight to the next waiter; it stays locked.
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
