import Foundation
import Reading
import Testing
import UmbrellaAPI
import Vapor
import VaporTesting

@testable import UmbrellaWeb

@Suite struct MarkingTests {
    func makeBook(_ app: Application, text: String = "月亮在天空中闪闪发光。我看月亮。") async throws -> BookDTO {
        try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "月亮", text: text)).json(BookDTO.self)
    }

    @Test func markIsStoredWithContextAndCounted() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let first = try await app.send(
                .POST, "/api/v1/marks",
                json: MarkRequest(eventID: UUID(), word: "月亮", bookID: book.id, page: 1, sentence: "月亮在天空中闪闪发光。"))
            #expect(first.status == .created)
            _ = try await app.send(
                .DELETE, "/api/v1/marks/%E6%9C%88%E4%BA%AE", json: MarkRequest(eventID: UUID(), word: nil))
            let again = try await app.send(
                .POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: "月亮", bookID: book.id, page: 1))
            let mark = try again.json(MarkDTO.self)
            #expect(mark.marked)
            #expect(mark.markCount == 2)
            #expect(mark.sentence == "月亮在天空中闪闪发光。")
            #expect(mark.page == 1)
            #expect(mark.bookID == book.id)
        }
    }

    @Test func aRepeatedEventIsAppliedOnce() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let request = MarkRequest(eventID: UUID(), word: "天空", bookID: book.id, page: 1)
            let first = try await app.send(.POST, "/api/v1/marks", json: request)
            let second = try await app.send(.POST, "/api/v1/marks", json: request)
            #expect(first.status == .created)
            #expect(second.status == .ok)
            #expect(try second.json(MarkDTO.self).outcome == .duplicate)
            #expect(try second.json(MarkDTO.self).markCount == 1)
        }
    }

    @Test func offlineBatchIsDeduplicated() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let changes = [
                MarkBatchRequest.Change(
                    eventID: UUID(), word: "月亮", bookId: book.id, page: 1, sentence: nil, sessionID: nil, marked: true,
                    timestamp: Date(timeIntervalSinceNow: -60)),
                MarkBatchRequest.Change(
                    eventID: UUID(), word: "", bookId: book.id, page: 1, sentence: nil, sessionID: nil, marked: true,
                    timestamp: nil),
            ]
            let first = try await app.send(
                .POST, "/api/v1/marked-words/batch", json: MarkBatchRequest(changes: changes)
            )
            .json(MarkBatchResponse.self)
            #expect(first.synced == 1)
            #expect(first.failed == 1)
            let second = try await app.send(
                .POST, "/api/v1/marked-words/batch", json: MarkBatchRequest(changes: changes)
            )
            .json(MarkBatchResponse.self)
            #expect(second.results.first?.status == "duplicate")
            let marks = try await app.send(.GET, "/api/v1/marks").json([MarkDTO].self)
            #expect(marks.count == 1)
            #expect(marks.first?.markCount == 1)
        }
    }

    @Test func markSurvivesServerRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let schema = testSchemaName()
        var bookID = UUID()
        try await withTestApp(dataDirectory: directory.url, schema: schema, seedStarter: false) { app in
            bookID = try await makeBook(app).id
            let response = try await app.send(
                .POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: "天空", bookID: bookID, page: 1))
            #expect(response.status == .created)
        }
        try await withTestApp(dataDirectory: directory.url, schema: schema, seedStarter: false) { app in
            let marks = try await app.send(.GET, "/api/v1/marks").json([MarkDTO].self)
            #expect(marks.map(\.word) == ["天空"])
            let html = try await app.send(.GET, "/books/\(bookID)").text
            #expect(html.contains("class=\"w marked\" data-w=\"天空\""))
        }
    }

    @Test func marksShowInEveryBook() async throws {
        try await withTestApp(seedStarter: false) { app in
            let first = try await makeBook(app)
            let second = try await makeBook(app, text: "晚上的月亮很美。")
            _ = try await app.send(
                .POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: "月亮", bookID: first.id))
            let page = try await app.send(.GET, "/api/v1/books/\(second.id)/pages/1").json(PageDTO.self)
            #expect(page.paragraphs.joined().first { $0.text == "月亮" }?.marked == true)
        }
    }

    @Test(arguments: ["", "   ", "。。", String(repeating: "长", count: 40)])
    func invalidWordsAreRefused(word: String) async throws {
        try await withTestApp(seedStarter: false) { app in
            let response = try await app.send(.POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: word))
            #expect(response.status == .badRequest)
            #expect(try response.json(ErrorDTO.self).error == "invalidWord")
        }
    }

    @Test func malformedJSONGetsAClearError() async throws {
        try await withTestApp(seedStarter: false) { app in
            let response = try await app.send(
                .POST, "/api/v1/marks", headers: ["Content-Type": "application/json"], body: ByteBuffer(string: "{nope")
            )
            #expect(response.status == .badRequest)
            #expect(try response.json(ErrorDTO.self).error == "malformedRequest")
        }
    }

    @Test func lookupShowsDefinitionLevelAndMarkState() async throws {
        try await withTestApp(seedStarter: false) { app in
            let lookup = try await app.send(.GET, "/api/v1/lookup?word=%E6%9C%88%E4%BA%AE").json(LookupDTO.self)
            #expect(lookup.found)
            #expect(lookup.pinyin == "yuè liang")
            #expect(lookup.entries.first?.senses.contains { $0.contains("moon") } == true)
            #expect(lookup.hsk3Level != nil)
            let book = try await app.send(.GET, "/api/v1/lookup?word=%E4%B9%A6").json(LookupDTO.self)
            #expect(book.measureWords.contains { $0.simplified == "本" })
            let unknown = try await app.send(.GET, "/api/v1/lookup?word=%E5%BC%A0%E4%BC%9F%E4%BC%9F").json(
                LookupDTO.self)
            #expect(!unknown.found)
            #expect(!unknown.pinyin.isEmpty)
        }
    }

    @Test func concurrentMarksAreAllCommittedAndCounted() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<24 {
                    let word = index.isMultiple(of: 2) ? "月亮" : "天空\(index)"
                    group.addTask {
                        try await app.send(
                            .POST, "/api/v1/marks",
                            json: MarkRequest(eventID: UUID(), word: word, bookID: book.id, page: 1)
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created }, "statuses: \(statuses.map(\.code))")
            let marks = try await app.send(.GET, "/api/v1/marks").json([MarkDTO].self)
            #expect(marks.count == 13)
            #expect(marks.first { $0.word == "月亮" }?.markCount == 12)
        }
    }

    @Test func aLateOfflineChangeDoesNotUndoANewerOne() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let now = Date()
            let changes = [
                MarkBatchRequest.Change(
                    eventID: UUID(), word: "天空", bookId: book.id, page: 1, sentence: nil, sessionID: nil,
                    marked: true, timestamp: now.addingTimeInterval(-60)),
                MarkBatchRequest.Change(
                    eventID: UUID(), word: "天空", bookId: book.id, page: 1, sentence: nil, sessionID: nil,
                    marked: false, timestamp: now.addingTimeInterval(-120)),
            ]
            let response = try await app.send(
                .POST, "/api/v1/marked-words/batch", json: MarkBatchRequest(sentAt: now, changes: changes)
            ).json(MarkBatchResponse.self)
            #expect(response.results.map(\.status) == ["applied", "applied"])
            let mark = try await app.send(.GET, "/api/v1/marks/%E5%A4%A9%E7%A9%BA").json(MarkDTO.self)
            #expect(mark.marked)
            let late = MarkBatchRequest.Change(
                eventID: UUID(), word: "天空", bookId: book.id, page: 1, sentence: nil, sessionID: nil, marked: false,
                timestamp: now.addingTimeInterval(-90))
            let superseded = try await app.send(
                .POST, "/api/v1/marked-words/batch", json: MarkBatchRequest(sentAt: now, changes: [late])
            ).json(MarkBatchResponse.self)
            #expect(superseded.results.first?.status == "superseded")
            #expect(try await app.send(.GET, "/api/v1/marks/%E5%A4%A9%E7%A9%BA").json(MarkDTO.self).marked)
        }
    }

    @Test func aClientClockFarOffCannotPutMarksOutsideTheLastYear() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let now = Date()
            // Found by fuzzing: `sentAt` in the year 5000 moved the mark's time to before year 1.
            let farFuture = try #require(ISO8601DateFormatter().date(from: "5000-01-01T00:00:00Z"))
            let change = MarkBatchRequest.Change(
                eventID: UUID(), word: "天空", bookId: book.id, page: 1, sentence: nil, sessionID: nil, marked: true,
                timestamp: now)
            let response = try await app.send(
                .POST, "/api/v1/marked-words/batch", json: MarkBatchRequest(sentAt: farFuture, changes: [change]))
            #expect(response.status == .ok)
            let mark = try await app.send(.GET, "/api/v1/marks/%E5%A4%A9%E7%A9%BA").json(MarkDTO.self)
            #expect(mark.marked)
            let updated = try #require(mark.updatedAt)
            #expect(updated > now.addingTimeInterval(-367 * 86_400))
            #expect(updated <= Date())
        }
    }

    @Test func aMarkOnAPageOutsideTheBookIsRefused() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await makeBook(app)
            let response = try await app.send(
                .POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: "月亮", bookID: book.id, page: 7))
            #expect(response.status == .notFound)
            #expect(try response.json(ErrorDTO.self).error == "pageOutOfRange")
            #expect(try await app.send(.GET, "/api/v1/marks").json([MarkDTO].self).isEmpty)
        }
    }
}
