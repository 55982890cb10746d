public import ChineseText
public import FluentKit
import FluentSQL
public import Foundation
public import Learning
public import Reading

/// Level estimates over time, in a Fluent database.
public struct FluentProficiencyHistoryRepository: ProficiencyHistoryRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``ProficiencyHistoryRepository/record(_:for:)``. Callers serialise writes (the app's write lock),
    /// so the next sequence number is free.
    public func record(_ snapshot: ProficiencySnapshot, for userID: UUID) async throws {
        let last = try await ProficiencySnapshotModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$sequence, .descending).first()
        let model = ProficiencySnapshotModel()
        model.id = UUID()
        model.sequence = (last?.sequence ?? 0) + 1
        model.userID = userID
        model.recordedAt = snapshot.recordedAt
        model.trigger = snapshot.trigger.rawValue
        model.standard = snapshot.standard.rawValue
        model.level = snapshot.level
        model.levelMin = snapshot.levelInterval?.min
        model.levelMax = snapshot.levelInterval?.max
        model.ability = snapshot.ability
        model.abilityLower = snapshot.abilityInterval?.lower
        model.abilityUpper = snapshot.abilityInterval?.upper
        model.mastery = snapshot.masteryPercentage
        model.masteryLower = snapshot.masteryInterval?.lower
        model.masteryUpper = snapshot.masteryInterval?.upper
        model.wordsSeen = snapshot.wordsSeen
        model.wordsMarked = snapshot.wordsMarked
        try await model.create(on: database)
    }

    /// See ``ProficiencyHistoryRepository/snapshots(for:limit:)``.
    public func snapshots(for userID: UUID, limit: Int?) async throws -> [ProficiencySnapshot] {
        var query = ProficiencySnapshotModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$sequence, .descending)
        if let limit { query = query.limit(max(0, limit)) }
        return try await query.all().reversed().compactMap { model in
            guard let standard = HSKStandard(rawValue: model.standard),
                let trigger = ProficiencySnapshot.Trigger(rawValue: model.trigger)
            else { return nil }
            let levels = zip(model.levelMin, model.levelMax).map { LevelInterval(min: $0, max: $1) }
            return ProficiencySnapshot(
                recordedAt: model.recordedAt, trigger: trigger, standard: standard, level: model.level,
                levelInterval: levels, ability: model.ability,
                abilityInterval: zip(model.abilityLower, model.abilityUpper).map {
                    ValueInterval(lower: $0, upper: $1)
                },
                masteryPercentage: model.mastery,
                masteryInterval: zip(model.masteryLower, model.masteryUpper).map {
                    ValueInterval(lower: $0, upper: $1)
                },
                wordsSeen: model.wordsSeen, wordsMarked: model.wordsMarked)
        }
    }
}

/// Placement answers, in a Fluent database.
public struct FluentPlacementRepository: PlacementRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``PlacementRepository/record(_:for:)``.
    public func record(_ answer: PlacementAnswer, for userID: UUID) async throws {
        let model = PlacementAnswerModel()
        model.id = UUID()
        model.userID = userID
        model.answeredAt = answer.answeredAt
        model.standard = answer.standard.rawValue
        model.skipped = answer.isSkipped
        model.words = String(decoding: try JSONEncoder().encode(answer.words), as: UTF8.self)
        model.proposedLevel = answer.proposedLevel
        try await model.create(on: database)
    }

    /// See ``PlacementRepository/latestAnswer(for:)``.
    public func latestAnswer(for userID: UUID) async throws -> PlacementAnswer? {
        try await latest(PlacementAnswerModel.query(on: database).filter(\.$userID == userID))
    }

    /// See ``PlacementRepository/latestCompleted(for:)``.
    public func latestCompleted(for userID: UUID) async throws -> PlacementAnswer? {
        try await latest(
            PlacementAnswerModel.query(on: database).filter(\.$userID == userID).filter(\.$skipped == false))
    }

    private func latest(_ query: QueryBuilder<PlacementAnswerModel>) async throws -> PlacementAnswer? {
        guard let model = try await query.sort(\.$answeredAt, .descending).first(),
            let standard = HSKStandard(rawValue: model.standard)
        else { return nil }
        let words = (try? JSONDecoder().decode([PlacementAnswer.Word].self, from: Data(model.words.utf8))) ?? []
        return PlacementAnswer(
            answeredAt: model.answeredAt, standard: standard, words: words, proposedLevel: model.proposedLevel)
    }
}

/// Reading statistics from the sessions and mark events in a Fluent database.
public struct FluentReadingStatisticsRepository: ReadingStatisticsRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``ReadingStatisticsRepository/statistics(for:since:)``.
    public func statistics(for userID: UUID, since: Date) async throws -> ReadingStatistics {
        let sessions = try await ReadingSessionModel.query(on: database).filter(\.$userID == userID).all()
        // A book counts as read once a session in it recorded reading time or went past its first page.
        let read = sessions.filter { $0.secondsRead > 0 || $0.pagesReached > 1 }
        let texts = Set(read.map { $0.bookID?.uuidString ?? "title:" + $0.bookTitle })
        let recentSessions = sessions.filter { $0.lastActivityAt >= since }
        let marked = try await WordMarkModel.query(on: database).filter(\.$userID == userID)
            .filter(\.$isMarked == true).count()
        let recentlyMarked = try await distinctWordsMarked(by: userID, since: since)
        return ReadingStatistics(
            textsRead: texts.count, sessions: sessions.count, secondsRead: sessions.reduce(0) { $0 + $1.secondsRead },
            wordsMarked: marked, wordsMarkedRecently: recentlyMarked,
            secondsReadRecently: recentSessions.reduce(0) { $0 + $1.secondsRead }, recentSince: since)
    }
}

extension FluentReadingStatisticsRepository {
    /// Distinct words with a mark event since `since`: one `COUNT(DISTINCT …)` where the driver speaks SQL.
    private func distinctWordsMarked(by userID: UUID, since: Date) async throws -> Int {
        let kind = WordEventModel.Kind.mark.rawValue
        if let sql = database as? any SQLDatabase {
            let row = try await sql.select().column(SQLFunction("COUNT", args: SQLDistinct("word")), as: "count")
                .from(WordEventModel.schema).where("user_id", .equal, SQLBind(userID))
                .where("kind", .equal, SQLBind(kind)).where("occurred_at", .greaterThanOrEqual, SQLBind(since)).first()
            return try row?.decode(column: "count", as: Int.self) ?? 0
        }
        let events = try await WordEventModel.query(on: database).filter(\.$userID == userID)
            .filter(\.$kind == kind).filter(\.$occurredAt >= since).all()
        return Set(events.map(\.word)).count
    }
}

/// Pairs two optionals.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
