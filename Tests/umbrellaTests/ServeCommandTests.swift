import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real server process: started, killed without warning, and started again.
@Suite(.serialized) struct ServeCommandTests {
    /// A running `umbrella serve` on a free port with its own data directory.
    final class Server {
        let process = Process()
        let port: Int
        let dataDirectory: URL

        init(dataDirectory: URL, port: Int) throws {
            self.port = port
            self.dataDirectory = dataDirectory
            process.executableURL = try Umbrella.executableURL()
            process.arguments = ["serve", "--port", String(port)]
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "DATABASE_URL")
            environment.removeValue(forKey: "UMBRELLA_DATA_DIR")
            environment["UMBRELLA_DATA_PATH"] = dataDirectory.path
            environment["LOG_LEVEL"] = "error"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Waits until the library page answers; returns the seconds it took.
        func waitUntilReady(timeout: TimeInterval = 30) async throws -> TimeInterval {
            let start = Date()
            while Date().timeIntervalSince(start) < timeout {
                if let (_, status) = try? await request("GET", "/"), status == 200 {
                    return Date().timeIntervalSince(start)
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw CocoaError(.fileReadUnknown)
        }

        func request(_ method: String, _ path: String, json: String? = nil) async throws -> (Data, Int) {
            let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
            var request = URLRequest(url: url)
            request.httpMethod = method
            if let json {
                request.httpBody = Data(json.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
        }

        /// SIGKILL: no shutdown hooks, no flushing.
        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static func freePort() -> Int { Int.random(in: 20_000...60_000) }

    @Test func acknowledgedMarkSurvivesKillNine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("umbrella-serve-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = Self.freePort()
        let first = try Server(dataDirectory: directory, port: port)
        defer { if first.process.isRunning { first.kill() } }
        _ = try await first.waitUntilReady()
        let (bookData, created) = try await first.request(
            "POST", "/api/v1/books", json: #"{"title":"月亮","text":"月亮在天空中。"}"#)
        #expect(created == 201)
        let book = try #require(try JSONSerialization.jsonObject(with: bookData) as? [String: Any])
        let bookID = try #require(book["id"] as? String)
        let (_, marked) = try await first.request(
            "POST", "/api/v1/marks", json: #"{"eventID":"\#(UUID())","word":"天空","bookID":"\#(bookID)","page":1}"#)
        #expect(marked == 201)
        first.kill()

        let second = try Server(dataDirectory: directory, port: port)
        defer { if second.process.isRunning { second.kill() } }
        let startup = try await second.waitUntilReady()
        #expect(startup < 5)
        let (marks, _) = try await second.request("GET", "/api/v1/marks")
        #expect(String(decoding: marks, as: UTF8.self).contains("\"word\":\"天空\""))
        second.kill()
    }
}
