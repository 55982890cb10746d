import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Runs one of the project's renderers (Tests/OCR) with the OCR worker's Python.
private func render(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = root.appendingPathComponent("workers/ocr/.venv/bin/python")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
}

@Suite("umbrella ocr and umbrella serial, with the real OCR worker", .serialized)
struct ScanCommandTests {
    @Test func ocrPrintsEachPagesTextAndJSONLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.png")
        try render([root.appendingPathComponent("Tests/OCR/render.py").path, "--seed", "8201", "--out", page.path])
        let truth = try String(contentsOf: folder.appendingPathComponent("page.txt"), encoding: .utf8)

        let text = try Umbrella.run(["ocr", page.path])
        #expect(text.status == 0, "\(text.error)")
        let firstLine = try #require(truth.split(separator: "\n").first)
        #expect(text.output.contains(firstLine))

        let missing = folder.appendingPathComponent("missing.jpg").path
        let json = try Umbrella.run(["ocr", "--json", page.path, missing])
        #expect(json.status == 1)
        let objects = try json.jsonLines()
        #expect(objects.count == 2)
        #expect(objects[0]["ok"] as? Bool == true)
        let lines = try #require(objects[0]["lines"] as? [[String: Any]])
        #expect(lines.allSatisfy { $0["confidence"] is Double && ($0["box"] as? [Any])?.count == 4 })
        #expect(objects[1]["ok"] as? Bool == false)
        #expect((objects[1]["error"] as? String)?.contains("missing.jpg") == true)

        let heic = folder.appendingPathComponent("photo.heic")
        try Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0, 0, 0, 0, 0]).write(to: heic)
        let refused = try Umbrella.run(["ocr", heic.path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("convert to JPEG"))
    }

    @Test func serialPrintsTheSerialAndItsFields() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serial-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try render([
            root.appendingPathComponent("Tests/OCR/render_serial.py").path, folder.path, "--presets", "sticker",
            "--count", "1", "--seed0", "9201",
        ])
        let truthLine = try String(contentsOf: folder.appendingPathComponent("truth.jsonl"), encoding: .utf8)
            .split(separator: "\n").first
        let line = try #require(truthLine)
        let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8))
        let truth = try #require(decoded as? [String: Any])
        let serial = try #require(truth["serial"] as? String)
        let image = folder.appendingPathComponent("sticker-9201-roi.jpg").path

        let result = try Umbrella.run(["serial", image, "--device-type", "Accessory"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.outputLines.first?.hasPrefix(serial) == true, "\(result.output)")

        let json = try Umbrella.run(["serial", image, "--preset", "sticker", "--json"])
        let object = try #require(try json.jsonLines().first)
        #expect(object["serial"] as? String == serial)
        #expect(object["preset"] as? String == "sticker")
        #expect((object["candidates"] as? [[String: Any]])?.first?["valid"] as? Bool == true)

        let badDevice = try Umbrella.run(["serial", image, "--device-type", "Toaster"])
        #expect(badDevice.status != 0)
        #expect(badDevice.error.contains("MacBook"))
    }
}
