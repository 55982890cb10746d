public import FluentKit
public import Foundation
public import Reading

/// Word marks and word events in a Fluent database.
public struct FluentWordMarkRepository: WordMarkRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``WordMarkRepository/apply(_:for:at:)``.
    public func apply(
        _ change: MarkChange, for userID: UUID, at date: Date
    ) async throws -> (WordMark?, MarkChangeOutcome) {
        let word = try WordMarkRules.validatedWord(change.word)
        let sentence = WordMarkRules.clampedSentence(change.sentence)
        // The client's clock may be wrong; an event can't have happened in the future.
        let occurredAt = min(change.occurredAt, date)
        do {
            return try await database.transaction { transaction in
                if try await WordEventModel.find(change.eventID, on: transaction) != nil {
                    let mark = try await Self.model(of: word, for: userID, on: transaction)
                    return (mark?.domain(), .duplicate)
                }
                var bookTitle: String?
                var bookID: UUID?
                var pageNumber: Int?
                if let id = change.bookID,
                    let book = try await BookModel.query(on: transaction)
                        .filter(\.$id == id).filter(\.$userID == userID).first()
                {
                    bookID = id
                    bookTitle = book.title
                    if let page = change.pageNumber {
                        guard (1...max(1, book.pageCount)).contains(page) else {
                            throw ReadingError.pageOutOfRange(page: page, pageCount: book.pageCount)
                        }
                        pageNumber = page
                    }
                }
                var sessionID: UUID?
                if let id = change.sessionID,
                    try await ReadingSessionModel.query(on: transaction)
                        .filter(\.$id == id).filter(\.$userID == userID).count() > 0
                {
                    sessionID = id
                }
                let event = WordEventModel()
                event.id = change.eventID
                event.userID = userID
                event.kind = (change.marked ? WordEventModel.Kind.mark : .unmark).rawValue
                event.word = word
                event.bookID = bookID
                event.pageNumber = pageNumber
                event.sessionID = sessionID
                event.sentence = sentence
                event.occurredAt = occurredAt
                event.recordedAt = date
                try await event.create(on: transaction)

                let existing = try await Self.model(of: word, for: userID, on: transaction)
                if let existing, occurredAt < existing.updatedAt {
                    return (existing.domain(), .superseded)
                }
                if change.marked {
                    let mark = existing ?? WordMarkModel()
                    if existing == nil {
                        mark.id = UUID()
                        mark.userID = userID
                        mark.word = word
                        mark.markCount = 0
                        mark.firstMarkedAt = occurredAt
                    }
                    mark.isMarked = true
                    mark.markCount += 1
                    mark.bookID = bookID ?? mark.bookID
                    mark.bookTitle = bookTitle ?? mark.bookTitle
                    mark.pageNumber = bookID == nil ? mark.pageNumber : pageNumber
                    mark.sentence = sentence ?? mark.sentence
                    mark.updatedAt = occurredAt
                    try await mark.save(on: transaction)
                    return (mark.domain(), .applied)
                }
                guard let mark = existing else { return (nil, .applied) }
                mark.isMarked = false
                mark.updatedAt = occurredAt
                try await mark.save(on: transaction)
                return (mark.domain(), .applied)
            }
        } catch {
            // Two deliveries of the same event raced; the other one was recorded.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                try await WordEventModel.find(change.eventID, on: database) != nil
            else { throw error }
            return (try await Self.model(of: word, for: userID, on: database)?.domain(), .duplicate)
        }
    }

    /// See ``WordMarkRepository/marks(for:)``.
    public func marks(for userID: UUID) async throws -> [WordMark] {
        try await WordMarkModel.query(on: database)
            .filter(\.$userID == userID)
            .sort(\.$updatedAt, .descending)
            .all()
            .map { $0.domain() }
    }

    /// See ``WordMarkRepository/mark(of:for:)``.
    public func mark(of word: String, for userID: UUID) async throws -> WordMark? {
        try await Self.model(of: word, for: userID, on: database)?.domain()
    }

    /// See ``WordMarkRepository/markedWords(for:among:)``.
    public func markedWords(for userID: UUID, among words: [String]) async throws -> Set<String> {
        guard !words.isEmpty else { return [] }
        var marked = Set<String>()
        // Chunks keep the IN list under SQLite's bound-parameter limit.
        for start in stride(from: 0, to: words.count, by: 500) {
            let chunk = Array(words[start..<min(start + 500, words.count)])
            let found = try await WordMarkModel.query(on: database)
                .filter(\.$userID == userID)
                .filter(\.$isMarked == true)
                .filter(\.$word ~~ chunk)
                .all(\.$word)
            marked.formUnion(found)
        }
        return marked
    }

    /// See ``WordMarkRepository/recordLookup(of:for:bookID:pageNumber:sessionID:at:)``.
    public func recordLookup(
        of word: String, for userID: UUID, bookID: UUID?, pageNumber: Int?, sessionID: UUID?, at date: Date
    ) async throws {
        let word = try WordMarkRules.validatedWord(word)
        let event = WordEventModel()
        event.id = UUID()
        event.userID = userID
        event.kind = WordEventModel.Kind.lookup.rawValue
        event.word = word
        if let bookID,
            let book = try await BookModel.query(on: database).filter(\.$id == bookID).filter(\.$userID == userID)
                .first()
        {
            event.bookID = bookID
            if let pageNumber, (1...max(1, book.pageCount)).contains(pageNumber) { event.pageNumber = pageNumber }
        }
        if let sessionID,
            try await ReadingSessionModel.query(on: database)
                .filter(\.$id == sessionID).filter(\.$userID == userID).filter(\.$endedAt == nil).count() > 0
        {
            event.sessionID = sessionID
        }
        event.occurredAt = date
        event.recordedAt = date
        try await event.create(on: database)
    }

    static func model(of word: String, for userID: UUID, on database: any Database) async throws -> WordMarkModel? {
        try await WordMarkModel.query(on: database)
            .filter(\.$userID == userID)
            .filter(\.$word == word)
            .first()
    }
}
