import Foundation
import Reading
import UmbrellaAPI
import Vapor

/// Books, pages and reading positions as JSON.
struct BooksAPIController: RouteCollection {
    var maximumUploadBytes: Int

    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.books.pathComponents, use: list)
        routes.on(
            .POST, APIRoute.books.pathComponents, body: .collect(maxSize: ByteCount(value: maximumUploadBytes)),
            use: create)
        routes.on(
            .POST, APIRoute.bookUpload.pathComponents, body: .collect(maxSize: ByteCount(value: maximumUploadBytes)),
            use: upload)
        routes.get(APIRoute.book.pathComponents, use: show)
        routes.delete(APIRoute.book.pathComponents, use: delete)
        routes.get(APIRoute.page.pathComponents, use: page)
        routes.put(APIRoute.page.pathComponents, use: correctPage)
        routes.put(APIRoute.position.pathComponents, use: savePosition)
    }

    @Sendable func list(req: Request) async throws -> [BookDTO] {
        try await req.books.books(of: req.userID).map(BookDTO.init)
    }

    @Sendable func create(req: Request) async throws -> Response {
        try req.ensureBodyWithinUploadLimit()
        let body = try req.content.decode(CreateBookRequest.self)
        let draft = try BookImporter().draft(title: body.title, author: body.author, text: body.text)
        let book = try await req.serialized { try await req.books.add(draft, for: req.userID, at: req.now) }
        return try await BookDTO(book).encodeResponse(status: .created, for: req)
    }

    struct UploadForm: Content {
        var title: String?
        var author: String?
        var file: File?
        var text: String?
    }

    @Sendable func upload(req: Request) async throws -> Response {
        let book = try await Self.importUpload(req)
        return try await BookDTO(book).encodeResponse(status: .created, for: req)
    }

    /// Imports a multipart form with a file (or text), shared by the API and the add-book page.
    static func importUpload(_ req: Request) async throws -> Book {
        try req.ensureBodyWithinUploadLimit()
        guard !req.hasMalformedMultipartBody else { throw UploadError.malformedForm }
        let form: UploadForm
        do {
            form = try req.content.decode(UploadForm.self)
        } catch {
            throw UploadError.malformedForm
        }
        let importer = BookImporter()
        let draft: BookDraft
        if let file = form.file, file.data.readableBytes > 0 || !(file.filename.isEmpty) {
            guard file.data.readableBytes > 0 else { throw ImportError.empty }
            draft = try importer.draft(
                title: form.title, author: form.author, fileName: file.filename, data: Data(buffer: file.data))
        } else if let text = form.text, !text.allSatisfy(\.isWhitespace) {
            draft = try importer.draft(title: form.title ?? "", author: form.author, text: text)
        } else {
            throw UploadError.missingInput
        }
        return try await req.serialized { try await req.books.add(draft, for: req.userID, at: req.now) }
    }

    @Sendable func show(req: Request) async throws -> BookDTO {
        BookDTO(try await req.books.book(try req.bookIDParameter(), of: req.userID))
    }

    @Sendable func delete(req: Request) async throws -> DeleteBookResponse {
        let bookID = try req.bookIDParameter()
        let kept = try await req.serialized {
            let kept = try await req.books.delete(bookID, of: req.userID)
            req.application.readerCache.removeBook(bookID)
            return kept
        }
        return DeleteBookResponse(deleted: true, markedWordsKept: kept)
    }

    /// The page's JSON, encoded once per set of marked words on it and then served from the cache.
    @Sendable func page(req: Request) async throws -> Response {
        let bookID = try req.bookIDParameter()
        let number = try req.pageParameter()
        let settings = try await req.currentSettings()
        let (pageCount, cached) = try await req.annotatedPage(number, of: bookID, standard: settings.standard)
        let annotated = cached.annotated
        let cache = req.application.readerCache
        let key = ReaderCache.RenderKey(
            userID: req.userID, page: .init(bookID: bookID, number: number, standard: settings.standard),
            variant: "json", markVersion: cache.markVersion(of: req.userID))
        var json = cache.rendered(key)
        if json == nil {
            let marked = try await req.markedWords(among: cached.words)
            let dto = PageDTO(
                bookID: bookID, number: number, pageCount: pageCount, chapterTitle: cached.page.chapterTitle,
                text: cached.page.text, characterFallback: annotated.isCharacterFallback,
                paragraphs: annotated.paragraphs.map { paragraph in
                    paragraph.map { token in
                        TokenDTO(
                            text: token.text, word: token.isWord, start: token.utf16Offset,
                            pinyin: token.isWord ? token.pinyin : nil, hskLevel: token.hskLevel,
                            hasEntry: token.isWord ? token.hasEntry : nil,
                            marked: token.isWord ? marked.contains(token.text) : nil)
                    }
                })
            let encoded = String(decoding: try JSONEncoder().encode(dto), as: UTF8.self)
            cache.store(rendered: encoded, for: key)
            json = encoded
        }
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(string: json ?? "{}"))
    }

    /// Replaces a page's text with the learner's correction (an OCR slip, a typo); the page is
    /// segmented again and returned as `GET` would.
    @Sendable func correctPage(req: Request) async throws -> Response {
        let bookID = try req.bookIDParameter()
        let number = try req.pageParameter()
        let body = try req.content.decode(PageCorrectionRequest.self)
        let text = body.text.replacingOccurrences(of: "\r\n", with: "\n")
        guard !text.allSatisfy(\.isWhitespace) else { throw ReadingError.emptyText }
        guard text.unicodeScalars.count <= BookRules.maximumTextLength else {
            throw ReadingError.textTooLong(limit: BookRules.maximumTextLength)
        }
        try await req.serialized {
            try await req.books.replacePage(
                number, with: PageDraft(text: text), of: bookID, userID: req.userID, at: req.now)
            req.application.readerCache.removeBook(bookID)
        }
        return try await page(req: req)
    }

    @Sendable func savePosition(req: Request) async throws -> HTTPStatus {
        let body = try req.content.decode(PositionDTO.self)
        guard body.page >= 1 else { throw Abort(.badRequest, reason: "page must be 1 or more.") }
        guard body.fraction.isFinite, (0...1).contains(body.fraction) else {
            throw Abort(.badRequest, reason: "fraction must be a number from 0 to 1.")
        }
        try await req.serialized {
            try await req.books.savePosition(
                ReadingPosition(page: body.page, fraction: body.fraction), of: try req.bookIDParameter(),
                userID: req.userID, at: req.now)
        }
        return .noContent
    }
}

extension Request {
    /// Refuses a body over the configured upload limit with a clear 413 before decoding it.
    func ensureBodyWithinUploadLimit() throws {
        let limit = application.umbrellaConfiguration.maximumUploadBytes
        let size = body.data?.readableBytes ?? headers.first(name: .contentLength).flatMap(Int.init) ?? 0
        guard size <= limit else { throw ImportError.tooLarge(limit: limit) }
    }
}
