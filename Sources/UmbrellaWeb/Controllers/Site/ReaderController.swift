import Foundation
import Reading
import Vapor

/// The reading page, page fragments for continuous scrolling, and the session summary.
struct ReaderController: RouteCollection {
    /// How many pages around the reading position are rendered with the page.
    static let window = 3

    func boot(routes: any RoutesBuilder) throws {
        routes.get("books", ":bookID", use: read)
        routes.get("books", ":bookID", "pages", ":page", "fragment", use: fragment)
        routes.get("sessions", ":sessionID", use: summary)
        routes.post("sessions", ":sessionID", "end", use: endSession)
    }

    @Sendable func read(req: Request) async throws -> Response {
        let bookID = try req.bookIDParameter()
        let book = try await req.books.book(bookID, of: req.userID)
        let settings = try await req.currentSettings()
        var position = book.position
        if let requested = try? req.query.get(Int.self, at: "page") {
            guard (1...max(1, book.pageCount)).contains(requested) else {
                throw ReadingError.pageOutOfRange(page: requested, pageCount: book.pageCount)
            }
            position = ReadingPosition(page: requested, fraction: 0)
        }
        position.page = min(position.page, max(1, book.pageCount))
        let low = max(1, position.page - 1)
        let high = min(book.pageCount, position.page + Self.window)
        let rendered = low <= high ? try await Self.render(low...high, of: bookID, settings: settings, req: req) : []
        let startWords =
            book.pageCount > 0
            ? try await req.annotatedPage(position.page, of: bookID, standard: settings.standard).page.words : []
        let session = try await req.serialized {
            try await req.readingSessions.start(
                for: req.userID, book: book, page: position.page, words: startWords, policy: req.sessionPolicy,
                at: req.now)
        }
        return ReaderPage(
            book: book, renderedPages: rendered,
            pageLengths: try await req.books.pageLengths(of: bookID, userID: req.userID),
            position: position, sessionID: session.id, settings: settings,
            assetVersion: req.application.assetVersion
        ).html.response()
    }

    @Sendable func fragment(req: Request) async throws -> Response {
        let bookID = try req.bookIDParameter()
        let number = try req.pageParameter()
        let settings = try await req.currentSettings()
        let rendered = try await Self.render(number...number, of: bookID, settings: settings, req: req)[0]
        var html = ""
        if let chapter = rendered.chapterTitle { html += "<h2 class=\"chapter-title\">\(chapter.htmlEscaped)</h2>" }
        html += rendered.html
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: html))
    }

    /// Pages `range` of a book as HTML, with the user's marks and settings.
    static func render(
        _ range: ClosedRange<Int>, of bookID: UUID, settings: ReaderSettings, req: Request
    )
        async throws -> [ReaderPage.RenderedPage]
    {
        var pages: [ReaderCache.CachedPage] = []
        for number in range {
            pages.append(try await req.annotatedPage(number, of: bookID, standard: settings.standard).page)
        }
        let cache = req.application.readerCache
        let version = cache.markVersion(of: req.userID)
        let variant = "html-\(settings.pinyin.rawValue)-\(settings.level)-\(settings.toneColors)"
        var marked: Set<String>?
        var rendered: [ReaderPage.RenderedPage] = []
        for cached in pages {
            let key = ReaderCache.RenderKey(
                userID: req.userID,
                page: .init(bookID: bookID, number: cached.page.number, standard: settings.standard),
                variant: variant, markVersion: version)
            var html = cache.rendered(key)
            if html == nil {
                if marked == nil { marked = try await req.markedWords(among: pages.flatMap(\.words)) }
                let fresh = PageHTML.render(cached.annotated, marked: marked ?? [], settings: settings)
                cache.store(rendered: fresh, for: key)
                html = fresh
            }
            rendered.append(
                ReaderPage.RenderedPage(
                    number: cached.page.number, chapterTitle: cached.page.chapterTitle, html: html ?? ""))
        }
        return rendered
    }

    @Sendable func summary(req: Request) async throws -> Response {
        let id = try req.sessionIDParameter()
        _ = try await req.serialized {
            try await req.readingSessions.session(id, of: req.userID, policy: req.sessionPolicy, at: req.now)
        }
        let summary = try await req.readingSessions.summary(id, of: req.userID)
        let settings = try await req.currentSettings()
        return SessionSummaryPage(summary: summary, settings: settings, assetVersion: req.application.assetVersion)
            .html.response()
    }

    @Sendable func endSession(req: Request) async throws -> Response {
        let id = try req.sessionIDParameter()
        _ = try await req.serialized {
            try await req.readingSessions.end(id, of: req.userID, reason: .ended, at: req.now)
        }
        return req.redirect(to: "/sessions/\(id.uuidString)", redirectType: .normal)
    }
}
