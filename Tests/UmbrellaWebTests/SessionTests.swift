import FluentSQL
import Foundation
import Reading
import Testing
import UmbrellaAPI
import Vapor
import VaporTesting

@testable import UmbrellaWeb

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

@Suite struct SessionTests {
    @Test func sessionRecordsTimePagesLookupsAndMarks() async throws {
        let clock = TestClock()
        try await withTestApp(seedStarter: false, now: { clock.now }) { app in
            let text = String(repeating: "今天天气很好，我们去公园散步。", count: 80)
            let book = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "散步", text: text))
                .json(BookDTO.self)
            let session = try await app.send(
                .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: book.id, page: 1)
            )
            .json(SessionDTO.self)
            clock.advance(30)
            _ = try await app.send(
                .POST, "/api/v1/sessions/\(session.id)/activity",
                json: SessionActivityRequest(page: 2, activeSeconds: 30))
            _ = try await app.send(
                .GET, "/api/v1/lookup?word=%E5%85%AC%E5%9B%AD&session=\(session.id)&book=\(book.id)&page=2")
            _ = try await app.send(
                .POST, "/api/v1/marks",
                json: MarkRequest(eventID: UUID(), word: "公园", bookID: book.id, page: 2, sessionID: session.id))
            clock.advance(20)
            let ended = try await app.send(
                .POST, "/api/v1/sessions/\(session.id)/end", json: EndSessionRequest(reason: nil)
            )
            .json(SessionDTO.self)
            #expect(ended.secondsRead == 30)
            #expect(ended.pagesReached == 2)
            #expect(ended.furthestPage == 2)
            #expect(ended.lookupCount == 1)
            #expect(ended.markCount == 1)
            #expect(ended.markedWords == ["公园"])
            #expect(ended.endReason == .ended)
            let card = try await app.send(.GET, "/sessions/\(session.id)")
            #expect(card.text.contains("id=\"mark-count\">1<"))
        }
    }

    @Test func wordsOnPagesReachedAreRecordedAsSeen() async throws {
        try await withTestApp(seedStarter: false) { app in
            let text = "月亮很美。\n---\n月亮在天上。"
            let book = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "月", text: text))
                .json(BookDTO.self)
            let session = try await app.send(
                .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: book.id, page: 1)
            ).json(SessionDTO.self)
            _ = try await app.send(
                .POST, "/api/v1/sessions/\(session.id)/activity",
                json: SessionActivityRequest(page: 2, activeSeconds: 5))
            _ = try await app.send(
                .POST, "/api/v1/sessions/\(session.id)/activity",
                json: SessionActivityRequest(page: 2, activeSeconds: 5))
            let sql = try #require(app.db as? any SQLDatabase)
            struct Row: Decodable {
                var word: String
                var seen_count: Int
            }
            let rows = try await sql.raw("SELECT word, seen_count FROM word_exposures").all(decoding: Row.self)
            let seen = Dictionary(uniqueKeysWithValues: rows.map { ($0.word, $0.seen_count) })
            #expect(seen["月亮"] == 2)
            #expect(seen["美"] == 1)
            #expect(seen["天上"] == 1)
        }
    }

    @Test func inactivityEndsASession() async throws {
        let clock = TestClock()
        try await withTestApp(seedStarter: false, now: { clock.now }) { app in
            let book = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "一", text: "你好。"))
                .json(BookDTO.self)
            let session = try await app.send(
                .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: book.id, page: 1)
            )
            .json(SessionDTO.self)
            clock.advance(11 * 60)
            let response = try await app.send(
                .POST, "/api/v1/sessions/\(session.id)/activity",
                json: SessionActivityRequest(page: 1, activeSeconds: 30))
            #expect(response.status == .conflict)
            #expect(try response.json(ErrorDTO.self).error == "sessionEnded")
            let summary = try await app.send(.GET, "/api/v1/sessions/\(session.id)").json(SessionDTO.self)
            #expect(summary.endReason == .inactivity)
            #expect(summary.active == false)
        }
    }

    @Test func positionIsSavedAndRestored() async throws {
        try await withTestApp(seedStarter: false) { app in
            let text = String(repeating: "今天天气很好，我们去公园散步。", count: 80)
            let book = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "散步", text: text))
                .json(BookDTO.self)
            let saved = try await app.send(
                .PUT, "/api/v1/books/\(book.id)/position", json: PositionDTO(page: 2, fraction: 0.5))
            #expect(saved.status == .noContent)
            let html = try await app.send(.GET, "/books/\(book.id)").text
            #expect(html.contains("data-start-page=\"2\""))
            #expect(html.contains("data-start-fraction=\"0.5000\""))
            let outside = try await app.send(
                .PUT, "/api/v1/books/\(book.id)/position", json: PositionDTO(page: 99, fraction: 0))
            #expect(outside.status == .notFound)
        }
    }

    @Test func settingsChangeHowPagesRender() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "一", text: "月亮很美。"))
                .json(BookDTO.self)
            let settings = ReaderSettings(
                fontSize: 20, pinyin: .all, toneColors: true, theme: .dark, language: .simplifiedChinese)
            #expect(try await app.send(.PUT, "/api/v1/settings", json: settings).status == .ok)
            let html = try await app.send(.GET, "/books/\(book.id)").text
            #expect(html.contains("<html lang=\"zh-Hans\""))
            #expect(html.contains("data-theme=\"dark\""))
            #expect(html.contains("data-font-size=\"20\""))
            #expect(html.contains("<rt>yuè liang</rt>"))
            #expect(html.contains("<b class=\"t4\">月</b>"))
        }
    }

    @Test func openAPIDocumentIsServed() async throws {
        try await withTestApp(seedStarter: false) { app in
            let response = try await app.send(.GET, "/api/v1/openapi.json")
            #expect(response.status == .ok)
            #expect(response.text.contains("\"/api/v1/marks\""))
        }
    }
}
