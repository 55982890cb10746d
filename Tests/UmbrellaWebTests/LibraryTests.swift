import Foundation
import Reading
import Testing
import UmbrellaAPI
import Vapor
import VaporTesting

@testable import UmbrellaWeb

@Suite struct LibraryTests {
    @Test func firstLaunchHasGradedReadersForEveryLevel() async throws {
        try await withTestApp { app in
            let books = try await app.send(.GET, "/api/v1/books").json([BookDTO].self)
            let levels = Set(books.filter { $0.source == .starter }.compactMap(\.hskLevel))
            #expect(levels.isSuperset(of: 1...6))
            let page = try await app.send(.GET, "/")
            #expect(page.status == .ok)
            #expect(page.text.contains("class=\"book-card\""))
        }
    }

    @Test func starterLibraryIsNotAddedTwice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let schema = testSchemaName()
        var first = 0
        try await withTestApp(dataDirectory: directory.url, schema: schema) { app in
            first = try await app.send(.GET, "/api/v1/books").json([BookDTO].self).count
        }
        try await withTestApp(dataDirectory: directory.url, schema: schema) { app in
            let again = try await app.send(.GET, "/api/v1/books").json([BookDTO].self).count
            #expect(again == first)
        }
    }

    @Test func pastedTextBecomesPagesOnSentenceBoundaries() async throws {
        try await withTestApp(seedStarter: false) { app in
            let sentence = "今天天气很好，我们去公园散步。"
            let text = String(repeating: sentence, count: 100)
            let response = try await app.send(
                .POST, "/api/v1/books", json: CreateBookRequest(title: "散步", author: "我", text: text))
            #expect(response.status == .created)
            let book = try response.json(BookDTO.self)
            #expect(book.pageCount >= 2)
            let page = try await app.send(.GET, "/api/v1/books/\(book.id)/pages/1").json(PageDTO.self)
            #expect(page.text.hasSuffix("。"))
            let words = page.paragraphs.joined().filter(\.word).map(\.text)
            #expect(words.contains("天气"))
            #expect(page.paragraphs.joined().first { $0.text == "天气" }?.pinyin == "tiān qì")
        }
    }

    @Test(arguments: [
        ("", "今天", "titleMissing"),
        ("书", "   \n ", "emptyText"),
        (String(repeating: "长", count: 300), "今天", "titleTooLong"),
    ])
    func badBooksAreRefusedAndNothingIsWritten(title: String, text: String, code: String) async throws {
        try await withTestApp(seedStarter: false) { app in
            let response = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: title, text: text))
            #expect(response.status == .badRequest)
            #expect(try response.json(ErrorDTO.self).error == code)
            #expect(try await app.send(.GET, "/api/v1/books").json([BookDTO].self).isEmpty)
        }
    }

    @Test func scriptInTitleAndTextIsEscapedEverywhere() async throws {
        try await withTestApp(seedStarter: false) { app in
            let hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>"
            let book = try await app.send(
                .POST, "/api/v1/books", json: CreateBookRequest(title: hostile, author: hostile, text: "我爱你。" + hostile)
            ).json(BookDTO.self)
            for path in ["/", "/books/\(book.id)", "/books/\(book.id)/pages/1/fragment"] {
                let html = try await app.send(.GET, path).text
                #expect(!html.contains("<script>alert"), "\(path)")
                #expect(!html.contains("<img src=x"), "\(path)")
            }
            #expect(try await app.send(.GET, "/").text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test func uploadsInEveryEncodingBecomeTheSameText() async throws {
        try await withTestApp(seedStarter: false) { app in
            let text = "第一章 月亮\n月亮在天空中闪闪发光。"
            let utf16 = Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
            // "中文" in GB18030, then ASCII; produced by Python's codec.
            let gb = Data([0xD6, 0xD0, 0xCE, 0xC4, 0xA1, 0xA3])
            for (name, data, expected) in [
                ("a.txt", Data(text.utf8), "月亮"), ("b.txt", utf16, "月亮"), ("c.txt", gb, "中文"),
            ] {
                var form = MultipartBody(fields: [("title", name)])
                form.file = ("file", name, "text/plain", data)
                let response = try await app.send(
                    .POST, "/api/v1/books/upload", headers: form.headers, body: form.buffer)
                #expect(response.status == .created, "\(name): \(response.text)")
                let book = try response.json(BookDTO.self)
                let page = try await app.send(.GET, "/api/v1/books/\(book.id)/pages/1").json(PageDTO.self)
                #expect(page.text.contains(expected), "\(name)")
            }
        }
    }

    @Test func undecodableAndWrongTypeUploadsGetClearErrors() async throws {
        try await withTestApp(seedStarter: false) { app in
            var binary = MultipartBody(fields: [("title", "x")])
            binary.file = ("file", "x.txt", "text/plain", Data([0xFF, 0x00, 0xFE, 0x81, 0x00, 0x00, 0xC0]))
            let bad = try await app.send(.POST, "/api/v1/books/upload", headers: binary.headers, body: binary.buffer)
            #expect(bad.status == .unsupportedMediaType)
            var pdf = MultipartBody(fields: [("title", "x")])
            pdf.file = ("file", "../../etc/book.pdf", "application/pdf", Data("%PDF-1.4".utf8))
            let wrong = try await app.send(.POST, "/api/v1/books/upload", headers: pdf.headers, body: pdf.buffer)
            #expect(wrong.status == .unsupportedMediaType)
            #expect(try wrong.json(ErrorDTO.self).reason.contains("book.pdf"))
            #expect(try await app.send(.GET, "/api/v1/books").json([BookDTO].self).isEmpty)
        }
    }

    @Test func oversizedUploadIsRefused() async throws {
        try await withTestApp(seedStarter: false) { app in
            var form = MultipartBody(fields: [("title", "big")])
            form.file = ("file", "big.txt", "text/plain", Data(repeating: 0x61, count: 50 * 1_048_576))
            let response = try await app.send(.POST, "/api/v1/books/upload", headers: form.headers, body: form.buffer)
            #expect(response.status == .payloadTooLarge)
            #expect(try await app.send(.GET, "/api/v1/books").json([BookDTO].self).isEmpty)
        }
    }

    @Test func pagesOutOfRangeAndOfMissingBooksAre404() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await app.send(.POST, "/api/v1/books", json: CreateBookRequest(title: "一", text: "你好。"))
                .json(BookDTO.self)
            for path in [
                "/api/v1/books/\(book.id)/pages/2", "/api/v1/books/\(book.id)/pages/0",
                "/api/v1/books/\(UUID())/pages/1",
            ] {
                let response = try await app.send(.GET, path)
                #expect(response.status == .notFound, "\(path)")
                #expect(try response.json(ErrorDTO.self).reason.isEmpty == false)
            }
            #expect(try await app.send(.GET, "/books/\(book.id)?page=9").status == .notFound)
            #expect(try await app.send(.GET, "/books/\(book.id)/pages/5/fragment").status == .notFound)
        }
    }

    @Test func deletingABookKeepsItsMarkedWords() async throws {
        try await withTestApp(seedStarter: false) { app in
            let book = try await app.send(
                .POST, "/api/v1/books", json: CreateBookRequest(title: "月", text: "月亮在天空中。")
            ).json(BookDTO.self)
            _ = try await app.send(
                .POST, "/api/v1/marks", json: MarkRequest(eventID: UUID(), word: "月亮", bookID: book.id, page: 1))
            let deleted = try await app.send(.DELETE, "/api/v1/books/\(book.id)").json(DeleteBookResponse.self)
            #expect(deleted.markedWordsKept == 1)
            let marks = try await app.send(.GET, "/api/v1/marks").json([MarkDTO].self)
            #expect(marks.map(\.word) == ["月亮"])
            #expect(marks.first?.bookTitle == "月")
            #expect(marks.first?.bookID == nil)
        }
    }

    @Test func formsPostedFromAnotherSiteAreRefused() async throws {
        try await withTestApp(seedStarter: false) { app in
            let json = CreateBookRequest(title: "x", text: "你好。")
            let evil = try await app.send(
                .POST, "/api/v1/books", json: json,
                headers: ["Origin": "https://evil.example", "Host": "127.0.0.1:8080"])
            #expect(evil.status == .forbidden)
            #expect(try evil.json(ErrorDTO.self).error == "crossOrigin")
            let same = try await app.send(
                .POST, "/api/v1/books", json: json,
                headers: ["Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080"])
            #expect(same.status == .created)
            let crossSite = try await app.send(
                .POST, "/api/v1/books", json: json, headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == .forbidden)
            let rebound = try await app.send(.GET, "/api/v1/books", headers: ["Host": "attacker.example:8080"])
            #expect(rebound.status == .misdirectedRequest)
            #expect(try rebound.json(ErrorDTO.self).error == "unknownHost")
            let page = try await app.send(.GET, "/")
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            let missing = try await app.send(.GET, "/books/\(UUID())")
            #expect(missing.status == .notFound)
            #expect(missing.headers.first(name: "X-Content-Type-Options") == "nosniff")
        }
    }

    @Test func deletedStarterBooksDoNotComeBackOnRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let schema = testSchemaName()
        try await withTestApp(dataDirectory: directory.url, schema: schema) { app in
            for book in try await app.send(.GET, "/api/v1/books").json([BookDTO].self) {
                #expect(try await app.send(.DELETE, "/api/v1/books/\(book.id)").status == .ok)
            }
        }
        try await withTestApp(dataDirectory: directory.url, schema: schema) { app in
            let books = try await app.send(.GET, "/api/v1/books").json([BookDTO].self)
            #expect(books.isEmpty)
        }
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=", "x"), ("multipart/form-data", "x"),
        ("multipart/form-data; boundary=B", "--B\r\n##îk--B--\r\n"),
    ])
    func malformedMultipartIsRefusedNotACrash(contentType: String, body: String) async throws {
        try await withTestApp(seedStarter: false) { app in
            for path in ["/api/v1/books/upload", "/books"] {
                let response = try await app.send(
                    .POST, path, headers: ["Content-Type": contentType], body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(path)")
            }
            for path in ["/settings", "/api/v1/marks", "/api/v1/books"] {
                let response = try await app.send(
                    .POST, path, headers: ["Content-Type": contentType], body: ByteBuffer(string: body))
                #expect(response.status == .unsupportedMediaType, "\(path)")
            }
            #expect(try await app.send(.GET, "/api/v1/books").json([BookDTO].self).isEmpty)
        }
    }
}
