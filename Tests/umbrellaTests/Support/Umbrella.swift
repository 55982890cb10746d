import Foundation
import Testing

/// The result of one run of the `umbrella` executable.
struct CommandResult {
    var status: Int32
    var standardOutput: Data
    var standardError: Data

    var output: String { String(decoding: standardOutput, as: UTF8.self) }
    var error: String { String(decoding: standardError, as: UTF8.self) }

    /// Standard output split into lines, without the final line break.
    var outputLines: [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if output.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// Standard output read as JSON Lines.
    func jsonLines() throws -> [[String: Any]] {
        try outputLines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }
}

/// Runs the built `umbrella` executable as a subprocess, the way a user runs it.
enum Umbrella {
    struct ExecutableNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "umbrella executable not found; looked in \(searched.joined(separator: ", "))" }
    }

    /// A child that exits without reading its input must fail the write, not kill the test runner.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// The executable next to the test bundle, or in the package's `.build/debug`.
    static func executableURL() throws -> URL {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // umbrellaTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("umbrella"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("umbrella"),
            packageRoot.appendingPathComponent(".build/debug/umbrella"),
        ]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw ExecutableNotFound(searched: candidates.map(\.path))
    }

    /// Runs `umbrella arguments…`, feeding `input` to its standard input. The environment is the
    /// test runner's without `UMBRELLA_DATA_DIR`, plus `environment`.
    static func run(
        _ arguments: [String], input: Data = Data(), environment extra: [String: String] = [:]
    ) throws -> CommandResult {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["UMBRELLA_DATA_DIR"] = nil
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()

        // umbrella reads all of its input before it writes, so writing first cannot deadlock; its
        // error output is a line or two, so it is read after the (possibly long) standard output.
        if !input.isEmpty {
            try? standardInput.fileHandleForWriting.write(contentsOf: input)
        }
        try? standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let error = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, standardOutput: output, standardError: error)
    }

    /// Runs `umbrella arguments…` with `text` as UTF-8 standard input.
    static func run(_ arguments: [String], input text: String) throws -> CommandResult {
        try run(arguments, input: Data(text.utf8))
    }
}
