public import FluentKit
import FluentSQL
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
    ///
    /// Reads the columns it needs with plain SQL where the driver allows it: building Fluent models
    /// for thousands of rows was most of the time of the level estimate.
    public func wordHistory(for userID: UUID) async throws -> [WordHistory] {
        var history: [String: WordHistory] = [:]
        if let sql = database as? any SQLDatabase {
            let exposures = try await sql.select().columns("word", "seen_count", "last_seen_at")
                .from(WordExposureModel.schema).where("user_id", .equal, SQLBind(userID)).all()
            for row in exposures {
                let word = try row.decode(column: "word", as: String.self)
                history[word] = WordHistory(
                    word: word, timesSeen: try row.decode(column: "seen_count", as: Int.self),
                    lastSeen: try row.decode(column: "last_seen_at", as: Date.self), isMarked: false, markCount: 0,
                    markUpdatedAt: nil)
            }
            let marks = try await sql.select().columns("word", "is_marked", "mark_count", "updated_at")
                .from(WordMarkModel.schema).where("user_id", .equal, SQLBind(userID)).all()
            for row in marks {
                let word = try row.decode(column: "word", as: String.self)
                var entry =
                    history[word]
                    ?? WordHistory(
                        word: word, timesSeen: 0, lastSeen: nil, isMarked: false, markCount: 0, markUpdatedAt: nil)
                entry.isMarked = try row.decode(column: "is_marked", as: Bool.self)
                entry.markCount = try row.decode(column: "mark_count", as: Int.self)
                entry.markUpdatedAt = try row.decode(column: "updated_at", as: Date.self)
                history[word] = entry
            }
            return history.values.sorted { $0.word < $1.word }
        }
        let exposures = try await WordExposureModel.query(on: database).filter(\.$userID == userID).all()
        let marks = try await WordMarkModel.query(on: database).filter(\.$userID == userID).all()
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
