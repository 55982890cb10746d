import Foundation
import Testing
import UmbrellaAPI
import Vapor
import VaporTesting

@testable import UmbrellaWeb

@Suite struct ProgressTests {
    /// Marks every Chinese word of `page` of `book` whose level satisfies `include`, in a session.
    func markWords(
        _ app: Application, book: BookDTO, page: Int = 1, where include: (Int?) -> Bool
    ) async throws -> [String] {
        let session = try await app.send(
            .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: book.id, page: page)
        ).json(SessionDTO.self)
        let content = try await app.send(.GET, "/api/v1/books/\(book.id)/pages/\(page)").json(PageDTO.self)
        var marked: [String] = []
        for token in content.paragraphs.joined() where token.word && include(token.hskLevel) {
            guard !marked.contains(token.text) else { continue }
            let response = try await app.send(
                .POST, "/api/v1/marks",
                json: MarkRequest(eventID: UUID(), word: token.text, bookID: book.id, page: page, sessionID: session.id)
            )
            #expect(response.status == .ok || response.status == .created)
            marked.append(token.text)
        }
        _ = try await app.send(.POST, "/api/v1/sessions/\(session.id)/end")
        return marked
    }

    @Test func placementProposesALevelSavesItAndStopsTheOffer() async throws {
        try await withTestApp { app in
            #expect(try await app.send(.GET, "/").text.contains("id=\"placement-offer\""))
            let passage = try await app.send(.GET, "/api/v1/placement").json(PlacementPassageDTO.self)
            #expect(passage.screens.map(\.level) == [1, 2, 3, 4, 5, 6])
            #expect(passage.screens.allSatisfy { $0.sentences.count == 3 })
            for sentence in passage.screens.flatMap(\.sentences) {
                #expect(sentence.tokens.map(\.text).joined() == sentence.text)
            }
            // A learner who knows HSK 1–2 and nothing above.
            let unknown = passage.screens.filter { $0.level >= 3 }.flatMap(\.sentences).flatMap(\.tokens)
                .filter(\.word).map(\.text)
            let result = try await app.send(
                .POST, "/api/v1/placement", json: PlacementAnswerRequest(marked: unknown + ["不在文中"])
            ).json(PlacementResultDTO.self)
            let level = try #require(result.proposedLevel)
            #expect((2...3).contains(level))
            #expect(result.wordsMarked > 0 && result.wordsMarked < result.wordsInPassage)
            #expect(result.proficiency.hsklevel != nil)
            let settings = try await app.send(.GET, "/api/v1/settings").json(ReaderSettingsJSON.self)
            #expect(settings.level == level)
            let history = try await app.send(.GET, "/api/v1/proficiency/history").json(ProficiencyHistoryDTO.self)
            #expect(history.snapshots.map(\.trigger) == ["placement"])
            #expect(!(try await app.send(.GET, "/").text.contains("id=\"placement-offer\"")))
            let page = try await app.send(.GET, "/placement/result").text
            #expect(page.contains("id=\"proposed-level\" data-level=\"\(level)\""))
        }
    }

    @Test func anExpertGetsAHighLevelAndSkippingHidesTheOffer() async throws {
        try await withTestApp(seedStarter: false) { app in
            let result = try await app.send(.POST, "/api/v1/placement", json: PlacementAnswerRequest(marked: []))
                .json(PlacementResultDTO.self)
            #expect((result.proposedLevel ?? 0) >= 5)
        }
        try await withTestApp(seedStarter: false) { app in
            let skip = try await app.send(.POST, "/api/v1/placement/skip")
            #expect(skip.status == .noContent)
            #expect(!(try await app.send(.GET, "/").text.contains("id=\"placement-offer\"")))
            let progress = try await app.send(.GET, "/api/v1/progress").json(ProgressDTO.self)
            #expect(!progress.placementDone)
            #expect(progress.proficiency.hsklevel == nil)
        }
    }

    @Test func placementFormPostWorksWithoutJavaScript() async throws {
        try await withTestApp(seedStarter: false) { app in
            let form = try await app.send(.GET, "/placement").text
            #expect(form.contains("name=\"marked[]\""))
            var headers = HTTPHeaders()
            headers.contentType = .urlEncodedForm
            let body = "marked%5B%5D=%E6%A1%8C%E5%AD%90&marked%5B%5D=%E9%97%A8%E5%8F%A3"  // 桌子, 门口
            let response = try await app.send(.POST, "/placement", headers: headers, body: ByteBuffer(string: body))
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/placement/result")
        }
    }

    @Test func wordListFiltersSortsAndExportsCSV() async throws {
        try await withTestApp { app in
            let books = try await app.send(.GET, "/api/v1/books").json([BookDTO].self)
            let easy = try #require(books.first { $0.hskLevel == 1 })
            let hard = try #require(books.first { $0.hskLevel == 4 })
            let easyWords = try await markWords(app, book: easy) { $0 == 1 }
            let hardWords = try await markWords(app, book: hard) { (3...7).contains($0 ?? 0) }
            // Mark one word a second time (unmark, then mark again).
            let twice = try #require(easyWords.first)
            _ = try await app.send(
                .DELETE, "/api/v1/marks/\(twice.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? twice)"
            )
            _ = try await app.send(
                .POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: twice, bookID: easy.id, page: 1))

            let all = try await app.send(.GET, "/api/v1/words?limit=5000").json(WordListDTO.self)
            #expect(all.total == Set(easyWords + hardWords).count)
            let byBook = try await app.send(.GET, "/api/v1/words?book=\(hard.id)").json(WordListDTO.self)
            #expect(Set(byBook.words.map(\.word)) == Set(hardWords))
            #expect(byBook.words.allSatisfy { $0.bookID == hard.id })

            let byLevel = try await app.send(.GET, "/api/v1/words?sort=level&order=asc").json(WordListDTO.self)
            let levels = byLevel.words.map { $0.hskLevel ?? 99 }
            #expect(levels == levels.sorted())
            let counts = try await app.send(.GET, "/api/v1/words?sort=timesMarked").json(WordListDTO.self)
            #expect(counts.words.first?.word == twice)
            #expect(counts.words.first?.timesMarked == 2)
            let level1 = try await app.send(.GET, "/api/v1/words?level=1").json(WordListDTO.self)
            #expect(!level1.words.isEmpty && level1.words.allSatisfy { $0.hskLevel == 1 })
            let paged = try await app.send(.GET, "/api/v1/words?limit=2&offset=1").json(WordListDTO.self)
            #expect(paged.words.map(\.word) == Array(all.words.dropFirst().prefix(2)).map(\.word))

            let csv = try await app.send(.GET, "/api/v1/words/export.csv?sort=timesMarked")
            #expect(csv.headers.contentType?.description.hasPrefix("text/csv") == true)
            #expect(csv.headers.first(name: .contentDisposition)?.contains("attachment") == true)
            let text = csv.text
            #expect(text.hasPrefix("\u{FEFF}word,pinyin,definition,hsk_level,times_marked,"))
            let lines = text.dropFirst().split(separator: "\r\n", omittingEmptySubsequences: true)
            #expect(lines.count == all.total + 1)
            #expect(lines[1].hasPrefix("\(twice),"))

            for bad in ["sort=word", "order=up", "book=nope", "level=10", "status=gone", "limit=0", "offset=-1"] {
                let response = try await app.send(.GET, "/api/v1/words?\(bad)")
                #expect(response.status == .badRequest, "\(bad)")
                #expect(try response.json(ErrorDTO.self).error == "invalidQuery", "\(bad)")
            }
        }
    }

    @Test func progressCountsReadingAndRecordsTheEstimateAfterSessions() async throws {
        let clock = TestClock()
        try await withTestApp(now: { clock.now }) { app in
            let books = try await app.send(.GET, "/api/v1/books").json([BookDTO].self)
            let book = try #require(books.first { $0.hskLevel == 2 })
            let session = try await app.send(
                .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: book.id, page: 1)
            ).json(SessionDTO.self)
            clock.advance(95)
            _ = try await app.send(
                .POST, "/api/v1/sessions/\(session.id)/activity",
                json: SessionActivityRequest(page: 2, activeSeconds: 90))
            let marked = try await markWords(app, book: book, page: 2) { ($0 ?? 9) >= 2 }
            let progress = try await app.send(.GET, "/api/v1/progress").json(ProgressDTO.self)
            #expect(progress.textsRead == 1)
            #expect(progress.wordsMarked == marked.count)
            #expect(progress.wordsMarkedThisWeek == marked.count)
            #expect(progress.secondsReadThisWeek >= 90)
            let history = try await app.send(.GET, "/api/v1/proficiency/history").json(ProficiencyHistoryDTO.self)
            #expect(!history.snapshots.isEmpty)
            #expect(history.snapshots.allSatisfy { $0.trigger == "reading" })
            // Ending again with nothing new read records nothing new.
            _ = try await app.send(.POST, "/api/v1/sessions/\(session.id)/end")
            let again = try await app.send(.GET, "/api/v1/proficiency/history").json(ProficiencyHistoryDTO.self)
            #expect(again.snapshots.count == history.snapshots.count)
        }
    }

    @Test func progressPageRendersTheChartAndEscapesTitles() async throws {
        try await withTestApp(seedStarter: false) { app in
            let empty = try await app.send(.GET, "/progress")
            #expect(empty.status == .ok)
            #expect(!empty.text.contains("<svg"))
            let book = try await app.send(
                .POST, "/api/v1/books",
                json: CreateBookRequest(title: "<script>alert(1)</script>", author: nil, text: "我们今天学习经济和历史。")
            ).json(BookDTO.self)
            _ = try await markWords(app, book: book) { _ in true }
            _ = try await app.send(.POST, "/api/v1/placement", json: PlacementAnswerRequest(marked: []))
            let page = try await app.send(.GET, "/progress?sort=level&book=\(book.id)").text
            #expect(page.contains("<svg class=\"estimate-chart\""))
            #expect(page.contains("class=\"dot\""))
            #expect(!page.contains("<script>alert(1)</script>"))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(page.contains("id=\"word-list\""))
            let bad = try await app.send(.GET, "/progress?sort=nonsense")
            #expect(bad.status == .badRequest)
        }
    }
}

/// The settings fields these tests read.
private struct ReaderSettingsJSON: Decodable {
    var level: Int
}
