import Foundation
import Testing

@testable import OCRWorker
@testable import Scanning

/// The repository root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The real worker's configuration (`workers/ocr`, installed by `workers/ocr/install`).
func workerConfiguration(timeout: Duration = .seconds(120)) -> OCRWorkerConfiguration {
    OCRWorkerConfiguration(
        python: repositoryRoot.appendingPathComponent("workers/ocr/.venv/bin/python"),
        script: repositoryRoot.appendingPathComponent("workers/ocr/worker.py"), requestTimeout: timeout)
}

/// Renders a test page with `Tests/OCR/render.py` (our own renderer, camera-like degradations) and
/// returns the image and its true text.
func renderPage(seed: Int, kind: String = "simplified", level: String = "clean", in folder: URL) throws -> (URL, String)
{
    let image = folder.appendingPathComponent("page-\(kind)-\(level)-\(seed).jpg")
    let process = Process()
    process.executableURL = repositoryRoot.appendingPathComponent("workers/ocr/.venv/bin/python")
    process.arguments = [
        repositoryRoot.appendingPathComponent("Tests/OCR/render.py").path, "--seed", String(seed), "--kind", kind,
        "--level", level, "--out", image.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    let truth = try String(contentsOf: image.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
    return (image, truth)
}

@Suite("The PP-OCR worker pool, with the real worker", .serialized)
struct OCRWorkerPoolTests {
    @Test func readsRenderedPagesWithinTheErrorRate() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = OCRWorkerPool(configuration: workerConfiguration())
        let cases: [(String, String, Double)] = [
            ("simplified", "clean", 0.02), ("simplified", "degraded", 0.08), ("traditional", "clean", 0.05),
            ("mixed", "clean", 0.05),
        ]
        for (kind, level, limit) in cases {
            let (image, truth) = try renderPage(seed: 7101, kind: kind, level: level, in: folder)
            let page = try await pool.recognizePage(at: image, options: PageRecognitionOptions())
            let rate = CharacterErrorRate.of(page.text, against: truth)
            #expect(rate <= limit, "\(kind)/\(level): CER \(rate)\n\(page.text)")
            #expect(page.lines.allSatisfy { (0...1).contains($0.confidence) && $0.box.count == 4 })
        }
        let info = try await pool.engineInfo()
        #expect(info.engine == "rapidocr")
        #expect(info.engineVersion == "3.10.0")
        await pool.shutdown()
    }

    @Test func aDamagedImageIsAnErrorAndTheWorkerLivesOn() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, truth) = try renderPage(seed: 7102, in: folder)
        let truncated = folder.appendingPathComponent("truncated.jpg")
        try Data(try Data(contentsOf: image).prefix(2000)).write(to: truncated)
        let pool = OCRWorkerPool(configuration: workerConfiguration())
        await #expect {
            try await pool.recognizePage(at: truncated, options: PageRecognitionOptions())
        } throws: { error in
            guard case TextRecognitionError.badImage(let message) = error else { return false }
            return !message.isEmpty
        }
        let page = try await pool.recognizePage(at: image, options: PageRecognitionOptions())
        #expect(CharacterErrorRate.of(page.text, against: truth) <= 0.02)
        await pool.shutdown()
    }

    @Test func aStuckWorkerIsKilledAndReplaced() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, truth) = try renderPage(seed: 7103, in: folder)
        // A time limit no page can meet: the request fails as timed out, the worker is killed…
        let hurried = OCRWorkerPool(configuration: workerConfiguration(timeout: .milliseconds(1)))
        _ = try await hurried.engineInfo()
        await #expect(throws: TextRecognitionError.timedOut(seconds: 0)) {
            try await hurried.recognizePage(at: image, options: PageRecognitionOptions())
        }
        await hurried.shutdown()
        // …and a pool whose worker died answers the next request with a new one.
        let pool = OCRWorkerPool(configuration: workerConfiguration())
        _ = try await pool.engineInfo()
        await pool.killIdleWorkersForTesting()
        let page = try await pool.recognizePage(at: image, options: PageRecognitionOptions())
        #expect(CharacterErrorRate.of(page.text, against: truth) <= 0.02)
        await pool.shutdown()
    }

    @Test func aMissingWorkerIsReportedAtOnce() async throws {
        var configuration = workerConfiguration()
        configuration.python = URL(fileURLWithPath: "/nonexistent/python")
        let pool = OCRWorkerPool(configuration: configuration)
        let start = ContinuousClock.now
        await #expect {
            try await pool.recognizePage(at: URL(fileURLWithPath: "/tmp/x.jpg"), options: PageRecognitionOptions())
        } throws: { error in
            guard case TextRecognitionError.unavailable(let reason) = error else { return false }
            return reason.contains("workers/ocr/install")
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        // A worker that exits at start (here: Python running a script that is not the worker).
        configuration = workerConfiguration()
        configuration.script = repositoryRoot.appendingPathComponent("Tests/OCR/cer.py")
        let broken = OCRWorkerPool(configuration: configuration)
        await #expect(throws: TextRecognitionError.self) { try await broken.engineInfo() }
    }
}
