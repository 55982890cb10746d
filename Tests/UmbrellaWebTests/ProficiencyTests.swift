import Foundation
import Testing
import UmbrellaAPI
import Vapor
import VaporTesting

@testable import UmbrellaWeb

@Suite struct ProficiencyTests {
    @Test func withoutReadingThereIsNoLevelYet() async throws {
        try await withTestApp(seedStarter: false) { app in
            let estimate = try await app.send(.GET, "/api/v1/proficiency").json(ProficiencyDTO.self)
            #expect(estimate.hsklevel == nil)
            #expect(estimate.lastUpdated == nil)
            #expect(estimate.recommendation == "readMoreToEstimate")
            #expect(estimate.standard == "hsk3")
        }
    }

    @Test func readingAndMarkingGiveALevelInsideItsInterval() async throws {
        try await withTestApp { app in
            let books = try await app.send(.GET, "/api/v1/books").json([BookDTO].self)
            // Read the HSK 1–3 readers without marking anything, and mark every word of an HSK 5 page.
            for book in books where (book.hskLevel ?? 9) <= 3 {
                let session = try await app.send(
                    .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: book.id, page: 1)
                ).json(SessionDTO.self)
                for page in 2...min(book.pageCount, 4) {
                    _ = try await app.send(
                        .POST, "/api/v1/sessions/\(session.id)/activity",
                        json: SessionActivityRequest(page: page, activeSeconds: 10))
                }
            }
            let hard = try #require(books.first { $0.hskLevel == 5 })
            let session = try await app.send(
                .POST, "/api/v1/sessions", json: StartSessionRequest(bookID: hard.id, page: 1)
            ).json(SessionDTO.self)
            let page = try await app.send(.GET, "/api/v1/books/\(hard.id)/pages/1").json(PageDTO.self)
            for word in Set(page.paragraphs.joined().filter { $0.word && ($0.hskLevel ?? 9) >= 5 }.map(\.text)) {
                _ = try await app.send(
                    .POST, "/api/v1/marks",
                    json: MarkRequest(eventID: UUID(), word: word, bookID: hard.id, page: 1, sessionID: session.id))
            }
            let estimate = try await app.send(.GET, "/api/v1/proficiency").json(ProficiencyDTO.self)
            let level = try #require(estimate.hsklevel)
            let interval = try #require(estimate.confidenceInterval)
            #expect((interval.min...interval.max).contains(level))
            #expect((3...4).contains(level))
            #expect(estimate.wordsMarked > 0)
            #expect(estimate.lastUpdated != nil)
            #expect((0...100).contains(estimate.masteryPercentage ?? -1))
        }
    }
}
