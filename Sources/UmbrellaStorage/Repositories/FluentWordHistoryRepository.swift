public import FluentKit
public import Foundation
public import Reading

/// Word exposures and marks, joined per word, from a Fluent database.
public struct FluentWordHistoryRepository: WordHistoryRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``WordHistoryRepository/wordHistory(for:)``.
    public func wordHistory(for userID: UUID) async throws -> [WordHistory] {
        let exposures = try await WordExposureModel.query(on: database).filter(\.$userID == userID).all()
        let marks = try await WordMarkModel.query(on: database).filter(\.$userID == userID).all()
        var history: [String: WordHistory] = [:]
        for exposure in exposures {
            history[exposure.word] = WordHistory(
                word: exposure.word, timesSeen: exposure.seenCount, lastSeen: exposure.lastSeenAt, isMarked: false,
                markCount: 0, markUpdatedAt: nil)
        }
        for mark in marks {
            var entry =
                history[mark.word]
                ?? WordHistory(
                    word: mark.word, timesSeen: 0, lastSeen: nil, isMarked: false, markCount: 0, markUpdatedAt: nil)
            entry.isMarked = mark.isMarked
            entry.markCount = mark.markCount
            entry.markUpdatedAt = mark.updatedAt
            history[mark.word] = entry
        }
        return history.values.sorted { $0.word < $1.word }
    }
}
