import ChineseText
import Fluent
import FluentSQL
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import UmbrellaWeb

/// The bundled text data, loaded once for every test.
let sharedResources: ChineseTextResources = {
    do { return try ChineseTextResources.load() } catch { fatalError("bundled data: \(error)") }
}()

/// A directory that lives as long as a test needs it.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("umbrella-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Builds the app on a fresh SQLite file in `dataDirectory` (or a fresh PostgreSQL schema when
/// `DATABASE_URL` is set), runs `body`, and always shuts down. Passing the same directory (or schema)
/// again reopens the same database, as a restarted server would.
func withTestApp(
    dataDirectory: URL? = nil, schema: String? = nil, seedStarter: Bool = true,
    now: (@Sendable () -> Date)? = nil, ocrPython: String? = nil, _ body: (Application) async throws -> Void
) async throws {
    let temporary = dataDirectory == nil ? try TemporaryDirectory() : nil
    guard let directory = dataDirectory ?? temporary?.url else { return }
    var environment = ["UMBRELLA_DATA_PATH": directory.path, "UMBRELLA_SEED_STARTER_LIBRARY": seedStarter ? "1" : "0"]
    let databaseURL = ProcessInfo.processInfo.environment["DATABASE_URL"]
    // A schema made for this call alone is dropped at the end; a caller's schema outlives it.
    var temporarySchema: String?
    if let databaseURL, !databaseURL.isEmpty {
        environment["DATABASE_URL"] = databaseURL
        environment["DATABASE_SCHEMA"] = schema ?? testSchemaName()
        if schema == nil { temporarySchema = environment["DATABASE_SCHEMA"] }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    environment["UMBRELLA_PUBLIC_DIR"] = root.appendingPathComponent("Public").path
    // The real OCR worker (workers/ocr/install), or a missing one to test that OCR is reported unavailable.
    environment["UMBRELLA_OCR_PYTHON"] = ocrPython ?? root.appendingPathComponent("workers/ocr/.venv/bin/python").path
    environment["UMBRELLA_OCR_WORKER"] = root.appendingPathComponent("workers/ocr/worker.py").path
    let configuration = try AppConfiguration(environment: environment, workingDirectory: directory)
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    do {
        if let now { app.now = now }
        try await configure(
            app, configuration: configuration, resources: sharedResources,
            dataDirectory: try #require(ChineseTextResources.bundledDataDirectory))
        try await body(app)
        if let temporarySchema, let sql = app.db as? any SQLDatabase {
            try await sql.raw("DROP SCHEMA \(ident: temporarySchema) CASCADE").run()
        }
    } catch {
        try? await app.asyncShutdown()
        temporary?.remove()
        throw error
    }
    try await app.asyncShutdown()
    temporary?.remove()
}

/// A fresh PostgreSQL schema name for one test.
func testSchemaName() -> String {
    "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
}

extension Application {
    /// Sends a request and returns the response (VaporTesting's in-memory client).
    func send(
        _ method: HTTPMethod, _ path: String, json: (any Encodable)? = nil, headers: HTTPHeaders = [:],
        body: ByteBuffer? = nil
    ) async throws -> TestingHTTPResponse {
        var result: TestingHTTPResponse?
        try await testing().test(
            method, path, headers: headers,
            beforeRequest: { request in
                if let json { try request.content.encode(AnyEncodable(json), as: .json) }
                if let body { request.body = body }
            },
            afterResponse: { response in result = response })
        return try #require(result)
    }
}

/// Wraps any encodable value for `content.encode`.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

extension TestingHTTPResponse {
    /// The body decoded as JSON with the API's date format.
    func json<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try content.decode(T.self)
    }

    var text: String { body.string }
}

/// A multipart/form-data body with text fields and one file.
struct MultipartBody {
    let boundary = "----umbrella-test-\(UUID().uuidString)"
    var fields: [(String, String)] = []
    var file: (name: String, fileName: String, contentType: String, data: Data)?

    var headers: HTTPHeaders {
        ["Content-Type": "multipart/form-data; boundary=\(boundary)"]
    }

    var buffer: ByteBuffer {
        var data = Data()
        for (name, value) in fields {
            data.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        if let file {
            data.append(
                Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.fileName)\"\r\nContent-Type: \(file.contentType)\r\n\r\n"
                        .utf8))
            data.append(file.data)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return ByteBuffer(data: data)
    }
}
