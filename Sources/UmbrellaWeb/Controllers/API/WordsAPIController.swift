import Foundation
import Reading
import UmbrellaAPI
import Vapor

/// The word list as JSON and as CSV.
struct WordsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.words.pathComponents, use: list)
        routes.get(APIRoute.wordsExport.pathComponents, use: export)
    }

    /// `GET /api/v1/words?sort=&order=&book=&level=&status=&limit=&offset=`.
    @Sendable func list(req: Request) async throws -> WordListDTO {
        let query = try req.wordListQuery()
        let limit = try ProficiencyAPIController.limit(req, default: 200)
        var offset = 0
        if let text = try? req.query.get(String.self, at: "offset"), !text.isEmpty {
            guard let value = Int(text), value >= 0, value <= 10_000_000 else {
                throw UploadError.invalidQuery("offset must be a whole number, 0 or more.")
            }
            offset = value
        }
        let entries = try await req.wordList(query)
        let page = entries.dropFirst(offset).prefix(limit)
        return WordListDTO(total: entries.count, offset: offset, limit: limit, words: page.map(Self.dto))
    }

    /// `GET /api/v1/words/export.csv` with the same filters: every matching word, as a download.
    @Sendable func export(req: Request) async throws -> Response {
        let query = try req.wordListQuery()
        let settings = try await req.currentSettings()
        let csv = WordListCSV.render(try await req.wordList(query)) { settings.standard.label($0) }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/csv; charset=utf-8")
        headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"umbrella-words.csv\"")
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: csv))
    }

    static func dto(_ entry: WordListEntry) -> WordListDTO.Word {
        let mark = entry.mark
        return WordListDTO.Word(
            word: mark.word, pinyin: entry.pinyin, definition: entry.definition, hskLevel: entry.hskLevel,
            timesMarked: mark.markCount, marked: mark.isMarked, firstMarkedAt: mark.firstMarkedAt,
            updatedAt: mark.updatedAt, bookID: mark.bookID, bookTitle: mark.bookTitle, page: mark.pageNumber,
            sentence: mark.sentence)
    }
}
