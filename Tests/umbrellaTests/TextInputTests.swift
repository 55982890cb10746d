import Foundation
import Testing

/// How every command reads its text: arguments, `--file`, standard input, and bad input.
@Suite("umbrella text input")
struct TextInputTests {
    @Test("A missing file fails with a message", arguments: ["segment", "lookup", "pinyin", "grade"])
    func missingFileFailsWithAMessage(command: String) throws {
        // Given a path that does not exist
        let path = "/nonexistent/umbrella-\(UUID().uuidString).txt"

        // When a command is asked to read it
        let result = try Umbrella.run([command, "--file", path])

        // Then it exits non-zero, names the file on standard error, and prints nothing
        #expect(result.status != 0)
        #expect(result.error.contains(path))
        #expect(result.error.contains("No such file"))
        #expect(result.output.isEmpty)
    }

    @Test func directoryIsRejected() throws {
        let result = try Umbrella.run(["segment", "--file", FileManager.default.temporaryDirectory.path])

        #expect(result.status != 0)
        #expect(result.error.contains("directory"))
    }

    @Test("Invalid UTF-8 on standard input fails with a message", arguments: ["segment", "pinyin", "grade", "lookup"])
    func invalidUTF8IsRejected(command: String) throws {
        // Given bytes that are not UTF-8
        let bytes = Data([0xFF, 0xFE, 0x41])

        // When they are piped in
        let result = try Umbrella.run([command], input: bytes)

        // Then the command exits non-zero and says the input is not UTF-8
        #expect(result.status != 0)
        #expect(result.error.contains("UTF-8"))
        #expect(result.error.contains("offset 0"))
        #expect(result.output.isEmpty)
    }

    @Test func invalidUTF8InAFileNamesTheOffset() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("umbrella-\(UUID().uuidString).txt")
        try Data(Array("银行".utf8) + [0xC3, 0x28]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let result = try Umbrella.run(["segment", "--file", file.path])

        #expect(result.status != 0)
        #expect(result.error.contains("UTF-8"))
        #expect(result.error.contains("offset 6"))
    }

    @Test func dashReadsStandardInput() throws {
        let result = try Umbrella.run(["segment", "--format", "spaced", "--file", "-"], input: "银行\n")

        #expect(result.status == 0)
        #expect(result.outputLines == ["银行"])
    }
}
