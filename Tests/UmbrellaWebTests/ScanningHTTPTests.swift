import Foundation
import Scanning
import Testing
import UmbrellaAPI
import UmbrellaStorage
import Vapor
import VaporTesting

@testable import UmbrellaWeb

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let python = root.appendingPathComponent("workers/ocr/.venv/bin/python")

/// Runs one of the project's image renderers (Tests/OCR) with the worker's Python.
private func runRenderer(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = python
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}

/// A rendered page photo and its text.
private func renderPage(
    seed: Int, level: String = "clean", kind: String = "simplified", in folder: URL
) throws
    -> (data: Data, truth: String)
{
    let image = folder.appendingPathComponent("page-\(seed)-\(level)-\(kind).jpg")
    try runRenderer([
        root.appendingPathComponent("Tests/OCR/render.py").path, "--seed", String(seed), "--level", level, "--kind",
        kind, "--out", image.path,
    ])
    return (
        try Data(contentsOf: image),
        try String(contentsOf: image.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
    )
}

/// A multipart body with text fields and any number of files.
struct MultipartForm {
    let boundary = "----umbrella-scan-\(UUID().uuidString)"
    var parts: [(name: String, fileName: String?, type: String?, data: Data)] = []

    mutating func field(_ name: String, _ value: String) { parts.append((name, nil, nil, Data(value.utf8))) }
    mutating func file(_ name: String, _ fileName: String, _ type: String, _ data: Data) {
        parts.append((name, fileName, type, data))
    }

    var headers: HTTPHeaders { ["Content-Type": "multipart/form-data; boundary=\(boundary)"] }

    var buffer: ByteBuffer {
        var data = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let fileName = part.fileName { head += "; filename=\"\(fileName)\"" }
            head += "\r\n"
            if let type = part.type { head += "Content-Type: \(type)\r\n" }
            data.append(Data((head + "\r\n").utf8))
            data.append(part.data)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return ByteBuffer(data: data)
    }
}

private struct JobJSON: Decodable {
    struct Page: Decodable {
        var id: UUID
        var number: Int
        var status: String
        var text: String?
        var error: String?
        var bookPage: Int?
        var imageURL: String
    }

    var id: UUID
    var status: String
    var finished: Int
    var total: Int
    var bookID: UUID?
    var pages: [Page]
}

private struct PageJSON: Decodable {
    var text: String
    var pageCount: Int
}

private struct ErrorJSON: Decodable {
    var error: String
    var reason: String
}

extension Application {
    /// Polls a scan job until no page is waiting, for at most `seconds`.
    fileprivate func finishedJob(_ id: UUID, seconds: Double = 240) async throws -> JobJSON {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let job = try await send(.GET, "/api/v1/scans/\(id.uuidString)").json(JobJSON.self)
            if job.status == "finished" { return job }
            try await Task.sleep(for: .milliseconds(300))
        }
        Issue.record("the scan job did not finish in \(seconds) s")
        throw CancellationError()
    }
}

@Suite("Scanning pages into a book, and the serial scanner, over HTTP with the real OCR worker", .serialized)
struct ScanningHTTPTests {
    @Test func twoPhotosBecomeABookInTheGivenOrder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try renderPage(seed: 8101, in: folder.url)
        let second = try renderPage(seed: 8102, level: "degraded", in: folder.url)
        try await withTestApp(dataDirectory: folder.url.appendingPathComponent("data")) { app in
            var form = MultipartForm()
            form.field("title", "我的扫描")
            // The second photo first: the order sent is the book's order.
            form.file("images[]", "IMG_0002.JPG", "image/jpeg", second.data)
            form.file("images[]", "../../etc/passwd.jpg", "image/jpeg", first.data)
            form.field("rotations", "0,0")
            let created = try await app.send(.POST, "/api/v1/scans", headers: form.headers, body: form.buffer)
            #expect(created.status == .accepted)
            let job = try await app.finishedJob(try created.json(JobJSON.self).id)
            #expect(job.pages.map(\.status) == ["done", "done"])
            let bookID = try #require(job.bookID)
            let page1 = try await app.send(.GET, "/api/v1/books/\(bookID.uuidString)/pages/1").json(PageJSON.self)
            let page2 = try await app.send(.GET, "/api/v1/books/\(bookID.uuidString)/pages/2").json(PageJSON.self)
            #expect(page1.pageCount == 2)
            #expect(CharacterErrorRate.of(page1.text, against: second.truth) <= 0.08)
            #expect(CharacterErrorRate.of(page2.text, against: first.truth) <= 0.02)
            // The photos are stored under names of our own, never the client's.
            let stored = try FileManager.default.subpathsOfDirectory(
                atPath: folder.url.appendingPathComponent("data/scans").path)
            #expect(stored.filter { $0.hasSuffix(".jpg") }.count == 2)
            #expect(!stored.contains { $0.contains("passwd") })
            let image = try await app.send(.GET, job.pages[0].imageURL)
            #expect(image.status == .ok)
            #expect(image.headers.contentType?.description == "image/jpeg")
            #expect(image.body.readableBytes == second.data.count)
            // The scan page lists it; its progress page says it is done.
            #expect(try await app.send(.GET, "/scan").text.contains("我的扫描"))
            #expect(
                try await app.send(.GET, "/scans/\(job.id.uuidString)").text.contains("/books/\(bookID.uuidString)"))
        }
    }

    @Test func correctionsRetriesAndBookPageEdits() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let page = try renderPage(seed: 8103, in: folder.url)
        try await withTestApp(dataDirectory: folder.url.appendingPathComponent("data")) { app in
            var form = MultipartForm()
            form.file("images[]", "a.jpg", "image/jpeg", page.data)
            form.file("images[]", "blank.png", "image/png", try Data(contentsOf: try Self.blankPNG(in: folder.url)))
            let created = try await app.send(.POST, "/api/v1/scans", headers: form.headers, body: form.buffer)
            var job = try await app.finishedJob(try created.json(JobJSON.self).id)
            #expect(job.pages.map(\.status) == ["done", "failed"])
            #expect(job.pages[1].error?.contains("No text was found") == true)
            let bookID = try #require(job.bookID)
            // A correction of the read page changes the book's page, segmented again.
            let path = "/api/v1/scans/\(job.id.uuidString)/pages/\(job.pages[0].id.uuidString)"
            let corrected = try await app.send(.PUT, path, json: PageCorrectionRequest(text: "我们是学生。"))
            #expect(corrected.status == .ok)
            let bookPage = try await app.send(.GET, "/api/v1/books/\(bookID.uuidString)/pages/1").json(PageJSON.self)
            #expect(bookPage.text == "我们是学生。")
            #expect(try await app.send(.PUT, path, json: PageCorrectionRequest(text: "  ")).status == .badRequest)
            // A retake of the blank page with a real photo adds it to the book as page 2.
            var retake = MultipartForm()
            retake.file("image", "retake.jpg", "image/jpeg", page.data)
            let retook = try await app.send(
                .PUT, "/api/v1/scans/\(job.id.uuidString)/pages/\(job.pages[1].id.uuidString)/image",
                headers: retake.headers, body: retake.buffer)
            #expect(retook.status == .accepted)
            job = try await app.finishedJob(job.id)
            #expect(job.pages.map(\.status) == ["done", "done"])
            #expect(job.pages[1].bookPage == 2)
            let added = try await app.send(.GET, "/api/v1/books/\(bookID.uuidString)/pages/2").json(PageJSON.self)
            #expect(added.pageCount == 2)
            #expect(CharacterErrorRate.of(added.text, against: page.truth) <= 0.02)
            // Retrying a read page reads it again; a busy or unknown page is refused.
            let retried = try await app.send(.POST, "\(path)/retry")
            #expect(retried.status == .accepted)
            job = try await app.finishedJob(job.id)
            #expect(job.pages[0].status == "done")
            #expect(
                try await app.send(.POST, "/api/v1/scans/\(job.id.uuidString)/pages/\(UUID())/retry").status
                    == .notFound)
            // The reader's own correction route.
            let edited = try await app.send(
                .PUT, "/api/v1/books/\(bookID.uuidString)/pages/1", json: PageCorrectionRequest(text: "他是老师。"))
            #expect(edited.status == .ok)
            #expect(try edited.json(PageJSON.self).text == "他是老师。")
            #expect(
                try await app.send(
                    .PUT, "/api/v1/books/\(bookID.uuidString)/pages/9", json: PageCorrectionRequest(text: "x")
                )
                .status == .notFound)
        }
    }

    @Test func aJobLeftUnfinishedIsResumedAfterARestart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let page = try renderPage(seed: 8104, in: folder.url)
        let data = folder.url.appendingPathComponent("data")
        var jobID: UUID?
        let schema = testSchemaName()
        try await withTestApp(dataDirectory: data, schema: schema) { app in
            // As if the server stopped right after storing the upload: queued pages, no worker run.
            let store = ScanImageStore(directory: app.scanImageDirectory)
            let id = UUID()
            let path = try store.save(page.data, format: .jpeg, jobID: id, name: UUID().uuidString)
            let scanPage = ScanPage(id: UUID(), position: 0, imagePath: path, format: .jpeg, rotation: .none)
            let job = try await FluentScanJobRepository(database: app.db).create(
                ScanJobDraft(title: "重启", author: nil, pages: [scanPage]), for: app.localUser.id, at: Date())
            jobID = job.id
        }
        try await withTestApp(dataDirectory: data, schema: schema) { app in
            let job = try await app.finishedJob(try #require(jobID))
            #expect(job.pages.map(\.status) == ["done"])
            #expect(job.bookID != nil)
        }
    }

    static func blankPNG(in folder: URL) throws -> URL {
        let out = folder.appendingPathComponent("blank.png")
        try runRenderer(["-c", "from PIL import Image; Image.new('RGB', (800, 1000), 'white').save('\(out.path)')"])
        return out
    }

    @Test func badUploadsAreRefusedAndLeaveNothingBehind() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let page = try renderPage(seed: 8105, in: folder.url)
        try await withTestApp(dataDirectory: folder.url.appendingPathComponent("data")) { app in
            func upload(_ files: [(String, Data)], rotations: String? = nil) async throws -> (HTTPStatus, ErrorJSON?) {
                var form = MultipartForm()
                for (name, data) in files { form.file("images[]", name, "application/octet-stream", data) }
                if let rotations { form.field("rotations", rotations) }
                let response = try await app.send(.POST, "/api/v1/scans", headers: form.headers, body: form.buffer)
                return (response.status, try? response.json(ErrorJSON.self))
            }
            let heic = Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0, 0, 0, 0, 0])
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
            png.append(contentsOf: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0])
            let (heicStatus, heicError) = try await upload([("page.jpg", page.data), ("IMG_1.HEIC", heic)])
            #expect(heicStatus == .unsupportedMediaType)
            #expect(heicError?.reason.contains("IMG_1.HEIC") == true)
            #expect(heicError?.reason.contains("convert to JPEG") == true)
            let (bombStatus, bombError) = try await upload([("bomb.png", png)])
            #expect(bombStatus == .payloadTooLarge)
            #expect(bombError?.error == "imageTooLarge")
            #expect(try await upload([("gif.gif", Data("GIF89a....".utf8))]).0 == .unsupportedMediaType)
            #expect(try await upload([("cut.jpg", page.data.prefix(10))]).0 == .unprocessableEntity)
            var titleOnly = MultipartForm()
            titleOnly.field("title", "没有照片")
            let noPhotos = try await app.send(
                .POST, "/api/v1/scans", headers: titleOnly.headers, body: titleOnly.buffer)
            #expect(try noPhotos.json(ErrorJSON.self).error == "noPages")
            #expect(try await upload([("empty.jpg", Data())]).0 == .badRequest)
            #expect(try await upload([("page.jpg", page.data)], rotations: "45").1?.error == "invalidQuery")
            #expect(try await upload([("page.jpg", page.data)], rotations: "0,90").1?.error == "invalidQuery")
            let json = try await app.send(.POST, "/api/v1/scans", json: ["title": "x"])
            #expect(json.status == .unsupportedMediaType)
            let malformed = try await app.send(
                .POST, "/api/v1/scans", headers: ["Content-Type": "multipart/form-data; boundary=abc"],
                body: ByteBuffer(string: "--abc\r\nno headers here\r\n--abc--\r\n"))
            #expect(malformed.status == .badRequest)
            // Nothing was stored by any of them.
            #expect(try await app.send(.GET, "/api/v1/scans").json([JobJSON].self).isEmpty)
            let scans = folder.url.appendingPathComponent("data/scans").path
            #expect(
                ((try? FileManager.default.subpathsOfDirectory(atPath: scans)) ?? []).filter { $0.contains(".") }
                    .isEmpty)
            #expect(try await app.send(.GET, "/api/v1/scans/\(UUID())").status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/scans/not-a-uuid").status == .notFound)
        }
    }
}
