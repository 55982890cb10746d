import Foundation
import Reading
import UmbrellaAPI
import Vapor

/// Reading sessions: start, report activity, end, summary.
struct SessionsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(APIRoute.sessions.pathComponents, use: start)
        routes.get(APIRoute.session.pathComponents, use: show)
        routes.post(APIRoute.sessionActivity.pathComponents, use: activity)
        routes.post(APIRoute.sessionEnd.pathComponents, use: end)
    }

    @Sendable func start(req: Request) async throws -> Response {
        let body = try req.content.decode(StartSessionRequest.self)
        let book = try await req.books.book(body.bookID, of: req.userID)
        let page = body.page ?? min(book.position.page, max(1, book.pageCount))
        guard (1...max(1, book.pageCount)).contains(page) else {
            throw ReadingError.pageOutOfRange(page: page, pageCount: book.pageCount)
        }
        let settings = try await req.currentSettings()
        let words =
            book.pageCount > 0
            ? try await req.annotatedPage(page, of: book.id, standard: settings.standard).page.words : []
        // The reading since the last estimate (a session that timed out or was left open) counts now.
        await req.recordEstimate(.reading)
        let session = try await req.serialized {
            try await req.readingSessions.start(
                for: req.userID, book: book, page: page, words: words, policy: req.sessionPolicy, at: req.now)
        }
        return try await SessionDTO(session).encodeResponse(status: .created, for: req)
    }

    @Sendable func show(req: Request) async throws -> SessionDTO {
        let id = try req.sessionIDParameter()
        _ = try await req.serialized {
            try await req.readingSessions.session(id, of: req.userID, policy: req.sessionPolicy, at: req.now)
        }
        let summary = try await req.readingSessions.summary(id, of: req.userID)
        return SessionDTO(summary.session, summary: summary)
    }

    @Sendable func activity(req: Request) async throws -> SessionDTO {
        let id = try req.sessionIDParameter()
        let body = try req.content.decode(SessionActivityRequest.self)
        let session = try await req.serialized {
            try await req.readingSessions.session(id, of: req.userID, policy: req.sessionPolicy, at: req.now)
        }
        var page: BookPage?
        var words: [String] = []
        if let number = body.page, let bookID = session.bookID {
            let settings = try await req.currentSettings()
            let cached = try await req.annotatedPage(number, of: bookID, standard: settings.standard).page
            page = cached.page
            words = cached.words
        }
        let updated = try await req.serialized {
            try await req.readingSessions.recordActivity(
                id, of: req.userID, page: page, words: words, activeSeconds: max(0, body.activeSeconds),
                policy: req.sessionPolicy, at: req.now)
        }
        return SessionDTO(updated)
    }

    @Sendable func end(req: Request) async throws -> SessionDTO {
        let id = try req.sessionIDParameter()
        let body = try? req.content.decode(EndSessionRequest.self)
        _ = try await req.serialized {
            try await req.readingSessions.session(id, of: req.userID, policy: req.sessionPolicy, at: req.now)
        }
        let summary = try await req.serialized {
            try await req.readingSessions.end(
                id, of: req.userID, reason: body?.reason ?? .ended, at: req.now)
        }
        await req.recordEstimate(.reading)
        return SessionDTO(summary.session, summary: summary)
    }
}
