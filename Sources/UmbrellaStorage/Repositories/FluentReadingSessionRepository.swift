public import FluentKit
import FluentSQL
public import Foundation
public import Reading

/// Reading sessions, the pages they reached and the words seen, in a Fluent database.
public struct FluentReadingSessionRepository: ReadingSessionRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``ReadingSessionRepository/start(for:book:page:at:)``.
    public func start(
        for userID: UUID, book: Book, page: Int, words: [String], policy: ReadingSessionPolicy, at date: Date
    ) async throws -> ReadingSession {
        let page = min(max(1, page), max(1, book.pageCount))
        return try await database.transaction { transaction in
            let open = try await ReadingSessionModel.query(on: transaction)
                .filter(\.$userID == userID)
                .filter(\.$endedAt == nil)
                .all()
            var continued: ReadingSessionModel?
            for session in open {
                let timedOut = date.timeIntervalSince(session.lastActivityAt) > policy.inactivityTimeout
                if !timedOut, session.bookID == book.id, continued == nil {
                    continued = session
                    continue
                }
                session.endedAt = timedOut ? session.lastActivityAt : date
                session.endReason = ReadingSession.EndReason.inactivity.rawValue
                try await session.save(on: transaction)
            }
            if let session = continued {
                try await Self.reach(page, words: words, in: session, for: userID, at: date, on: transaction)
                return try await Self.domain(session, on: transaction)
            }
            let session = ReadingSessionModel()
            session.id = UUID()
            session.userID = userID
            session.bookID = book.id
            session.bookTitle = book.title
            session.startedAt = date
            session.lastActivityAt = date
            session.secondsRead = 0
            session.startPage = page
            session.furthestPage = page
            session.pagesReached = 0
            try await session.create(on: transaction)
            try await Self.reach(page, words: words, in: session, for: userID, at: date, on: transaction)
            return try await Self.domain(session, on: transaction)
        }
    }

    /// Records `page` as reached in `session` (and its words as seen) if it was not reached before.
    static func reach(
        _ page: Int, words: [String], in session: ReadingSessionModel, for userID: UUID, at date: Date,
        on database: any Database
    ) async throws {
        let id = try session.requireID()
        let alreadyReached =
            try await SessionPageModel.query(on: database)
            .filter(\.$sessionID == id)
            .filter(\.$pageNumber == page)
            .count() > 0
        guard !alreadyReached else { return }
        let reached = SessionPageModel()
        reached.id = UUID()
        reached.sessionID = id
        reached.pageNumber = page
        reached.reachedAt = date
        try await reached.create(on: database)
        session.pagesReached += 1
        session.furthestPage = max(session.furthestPage, page)
        try await session.save(on: database)
        try await recordExposures(of: words, for: userID, at: date, on: database)
    }

    /// See ``ReadingSessionRepository/session(_:of:policy:at:)``.
    public func session(
        _ id: UUID, of userID: UUID, policy: ReadingSessionPolicy, at date: Date
    ) async throws
        -> ReadingSession
    {
        let model = try await Self.model(id, of: userID, on: database)
        var session = try await Self.domain(model, on: database)
        if policy.hasTimedOut(session, at: date) {
            model.endedAt = policy.inactivityEnd(of: session)
            model.endReason = ReadingSession.EndReason.inactivity.rawValue
            try await model.save(on: database)
            session = try await Self.domain(model, on: database)
        }
        return session
    }

    /// See ``ReadingSessionRepository/recordActivity(_:of:page:words:activeSeconds:policy:at:)``.
    public func recordActivity(
        _ id: UUID, of userID: UUID, page: BookPage?, words: [String], activeSeconds: Int,
        policy: ReadingSessionPolicy, at date: Date
    ) async throws -> ReadingSession {
        let current = try await session(id, of: userID, policy: policy, at: date)
        guard current.isActive else { throw ReadingError.sessionEnded }
        return try await database.transaction { transaction in
            let model = try await Self.model(id, of: userID, on: transaction)
            model.secondsRead += policy.creditedSeconds(
                reported: activeSeconds, since: model.lastActivityAt, now: date)
            model.lastActivityAt = date
            if let page, page.bookID == model.bookID {
                try await Self.reach(page.number, words: words, in: model, for: userID, at: date, on: transaction)
            }
            try await model.save(on: transaction)
            return try await Self.domain(model, on: transaction)
        }
    }

    /// See ``ReadingSessionRepository/end(_:of:reason:at:)``.
    public func end(
        _ id: UUID, of userID: UUID, reason: ReadingSession.EndReason, at date: Date
    ) async throws
        -> SessionSummary
    {
        let model = try await Self.model(id, of: userID, on: database)
        if model.endedAt == nil {
            model.endedAt = date
            model.endReason = reason.rawValue
            try await model.save(on: database)
        }
        return try await summary(id, of: userID)
    }

    /// See ``ReadingSessionRepository/summary(_:of:)``.
    public func summary(_ id: UUID, of userID: UUID) async throws -> SessionSummary {
        let model = try await Self.model(id, of: userID, on: database)
        let events = try await WordEventModel.query(on: database)
            .filter(\.$sessionID == id)
            .sort(\.$occurredAt)
            .all()
        var marked: [String] = []
        for event in events where event.kind != WordEventModel.Kind.lookup.rawValue {
            marked.removeAll { $0 == event.word }
            if event.kind == WordEventModel.Kind.mark.rawValue { marked.append(event.word) }
        }
        var lookedUp: [String] = []
        for event in events.reversed() where event.kind == WordEventModel.Kind.lookup.rawValue {
            if !lookedUp.contains(event.word) { lookedUp.append(event.word) }
        }
        return SessionSummary(
            session: try await Self.domain(model, on: database), markedWords: marked, lookedUpWords: lookedUp)
    }

    static func model(_ id: UUID, of userID: UUID, on database: any Database) async throws -> ReadingSessionModel {
        guard
            let model = try await ReadingSessionModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$userID == userID)
                .first()
        else { throw ReadingError.sessionNotFound }
        return model
    }

    static func domain(_ model: ReadingSessionModel, on database: any Database) async throws -> ReadingSession {
        let id = try model.requireID()
        let events = try await WordEventModel.query(on: database).filter(\.$sessionID == id).all()
        var marked = Set<String>()
        for event in events.sorted(by: { $0.occurredAt < $1.occurredAt }) {
            if event.kind == WordEventModel.Kind.mark.rawValue { marked.insert(event.word) }
            if event.kind == WordEventModel.Kind.unmark.rawValue { marked.remove(event.word) }
        }
        return ReadingSession(
            id: id, userID: model.userID, bookID: model.bookID, bookTitle: model.bookTitle,
            startedAt: model.startedAt, lastActivityAt: model.lastActivityAt, endedAt: model.endedAt,
            endReason: model.endReason.flatMap(ReadingSession.EndReason.init(rawValue:)),
            secondsRead: model.secondsRead, startPage: model.startPage, furthestPage: model.furthestPage,
            pagesReached: model.pagesReached,
            lookupCount: events.filter { $0.kind == WordEventModel.Kind.lookup.rawValue }.count,
            markCount: marked.count)
    }

    /// Counts one more sighting of each word, in one statement per batch (an upsert both databases run).
    static func recordExposures(
        of words: [String], for userID: UUID, at date: Date, on database: any Database
    )
        async throws
    {
        let words = Array(Set(words.filter { !$0.isEmpty && $0.count <= WordMarkRules.maximumWordLength }))
        guard !words.isEmpty, let sql = database as? any SQLDatabase else { return }
        for start in stride(from: 0, to: words.count, by: 150) {
            var insert = sql.insert(into: WordExposureModel.schema)
                .columns("id", "user_id", "word", "seen_count", "first_seen_at", "last_seen_at")
            for word in words[start..<min(start + 150, words.count)] {
                insert = insert.values(
                    SQLBind(UUID()), SQLBind(userID), SQLBind(word), SQLLiteral.numeric("1"), SQLBind(date),
                    SQLBind(date))
            }
            try await insert
                .onConflict(with: ["user_id", "word"]) { update in
                    update
                        .set("seen_count", to: SQLRaw("\"word_exposures\".\"seen_count\" + 1"))
                        .set(excludedValueOf: "last_seen_at")
                }
                .run()
        }
    }
}
