import Foundation
import Reading
import UmbrellaAPI
import Vapor

/// Marking and unmarking words, one at a time or as a queued batch.
struct MarksAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.marks.pathComponents, use: list)
        routes.post(APIRoute.marks.pathComponents, use: mark)
        routes.get(APIRoute.mark.pathComponents, use: show)
        routes.delete(APIRoute.mark.pathComponents, use: unmark)
        routes.post(APIRoute.markBatch.pathComponents, use: batch)
    }

    /// The word list: words marked now, or with `?all=true` also words marked once and unmarked since.
    @Sendable func list(req: Request) async throws -> [MarkDTO] {
        let all = (try? req.query.get(Bool.self, at: "all")) ?? false
        return try await req.wordMarks.marks(for: req.userID).filter { all || $0.isMarked }.map {
            MarkDTO($0, word: $0.word)
        }
    }

    @Sendable func show(req: Request) async throws -> MarkDTO {
        let word = try WordMarkRules.validatedWord(try req.parameters.require("word"))
        return MarkDTO(try await req.wordMarks.mark(of: word, for: req.userID), word: word)
    }

    @Sendable func mark(req: Request) async throws -> Response {
        let body = try req.content.decode(MarkRequest.self)
        let change = MarkChange(
            eventID: body.eventID, word: body.word ?? "", marked: true, bookID: body.bookID, pageNumber: body.page,
            sentence: body.sentence, sessionID: body.sessionID, occurredAt: body.timestamp ?? req.now)
        let (mark, outcome) = try await req.apply(change)
        return try await MarkDTO(mark, word: change.word, outcome: outcome)
            .encodeResponse(status: outcome == .applied ? .created : .ok, for: req)
    }

    @Sendable func unmark(req: Request) async throws -> MarkDTO {
        let word: String = try req.parameters.require("word")
        // The body is optional: a plain DELETE unmarks with a server-made event identifier.
        var body: MarkRequest?
        if let data = req.body.data, data.readableBytes > 0 {
            body = try req.content.decode(MarkRequest.self)
        }
        let change = MarkChange(
            eventID: body?.eventID ?? UUID(), word: word, marked: false, bookID: body?.bookID,
            pageNumber: body?.page, sentence: nil, sessionID: body?.sessionID, occurredAt: body?.timestamp ?? req.now)
        let (mark, outcome) = try await req.apply(change)
        return MarkDTO(mark, word: word, outcome: outcome)
    }

    @Sendable func batch(req: Request) async throws -> MarkBatchResponse {
        let body = try req.content.decode(MarkBatchRequest.self)
        guard body.changes.count <= 1000 else {
            throw UploadError.tooManyChanges
        }
        // Oldest first, so a word marked and unmarked offline ends as the learner left it; changes
        // without a time count as now. The answer lists results in the order they were sent.
        let now = req.now
        let skew = body.sentAt.map { now.timeIntervalSince($0) } ?? 0
        // A corrected time lies between a year ago (no offline queue is older) and now, whatever the
        // client's clock says (found by fuzzing: a `sentAt` in the year 5000 gave dates before year 1).
        let oldest = now.addingTimeInterval(-366 * 86_400)
        let corrected = body.changes.map {
            $0.timestamp.map { max(oldest, min(now, $0.addingTimeInterval(skew))) } ?? now
        }
        let ordered = body.changes.enumerated().sorted {
            (corrected[$0.offset], $0.offset) < (corrected[$1.offset], $1.offset)
        }
        var resultsByIndex: [Int: MarkBatchResponse.Result] = [:]
        for (index, change) in ordered {
            do {
                let (_, outcome) = try await req.apply(
                    MarkChange(
                        eventID: change.eventID, word: change.word, marked: change.marked, bookID: change.bookId,
                        pageNumber: change.page, sentence: change.sentence, sessionID: change.sessionID,
                        occurredAt: corrected[index]))
                resultsByIndex[index] = .init(eventID: change.eventID, status: outcome.rawValue, reason: nil)
            } catch let error as ReadingError {
                resultsByIndex[index] = .init(eventID: change.eventID, status: "failed", reason: error.description)
            }
        }
        let results = body.changes.indices.compactMap { resultsByIndex[$0] }
        let failed = results.filter { $0.status == "failed" }.count
        return MarkBatchResponse(
            synced: results.count - failed, failed: failed, lastSyncAt: req.now, results: results)
    }
}
