import Foundation
import Testing

@Suite("umbrella segment")
struct SegmentCommandTests {
    @Test func spacedFormatPrintsOneLinePerInputLineIncludingEmptyOnes() throws {
        // Given input with empty lines and a whitespace-only line
        let input = "研究生命的起源\n\n   \n结婚的和尚未结婚的\n\niPhone 15很好用。\n"

        // When it is segmented in the spaced format
        let result = try Umbrella.run(["segment", "--format", "spaced"], input: input)

        // Then there is exactly one output line per input line, in order
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.outputLines == [
                "研究 生命 的 起源", "", "", "结婚 的 和 尚未 结婚 的", "", "iPhone 15 很 好 用 。",
            ])
    }

    @Test func spacedFormatTreatsCRLFAsALineBreak() throws {
        // Given a file with Windows line endings and an empty line
        let input = "研究生命的起源\r\n\r\n我爱北京天安门\r\n"

        // When it is segmented in the spaced format
        let result = try Umbrella.run(["segment", "--format", "spaced"], input: input)

        // Then each CRLF line is one output line
        #expect(result.status == 0)
        #expect(result.outputLines == ["研究 生命 的 起源", "", "我 爱 北京 天安门"])
    }

    @Test func spacedFormatCountsALastLineWithoutLineBreak() throws {
        let result = try Umbrella.run(["segment", "--format", "spaced"], input: "第一行\n\n最后")

        #expect(result.status == 0)
        #expect(result.outputLines.count == 3)
        #expect(result.outputLines[1] == "")
    }

    @Test func spacedFormatOfEmptyInputPrintsNothing() throws {
        // Given a file with no lines at all
        let result = try Umbrella.run(["segment", "--format", "spaced"], input: "")

        // Then no lines are printed, so the output still aligns with the (empty) input
        #expect(result.status == 0)
        #expect(result.output == "")
    }

    @Test func defaultFormatSeparatesWordsWithSlashes() throws {
        let result = try Umbrella.run(["segment", "研究生命的起源"])

        #expect(result.status == 0)
        #expect(result.outputLines == ["研究 / 生命 / 的 / 起源"])
    }

    @Test func jsonPrintsOneObjectWithTokensPerLine() throws {
        // Given two lines of input
        let result = try Umbrella.run(["segment", "--json"], input: "他說銀行在哪裡\n𠮷a\n")

        // When the output is read as JSON Lines
        #expect(result.status == 0, "\(result.error)")
        let objects = try result.jsonLines()

        // Then each line is an object with the line's text and its tokens and ranges
        #expect(objects.count == 2)
        #expect(objects.first?["text"] as? String == "他說銀行在哪裡")
        let tokens = try #require(objects.first?["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["text"] as? String } == ["他", "說", "銀行", "在", "哪裡"])
        let bank = try #require(tokens.first { $0["text"] as? String == "銀行" })
        #expect(bank["kind"] as? String == "chineseWord")
        #expect(bank["source"] as? String == "dictionary")
        #expect(bank["utf16Range"] as? [Int] == [2, 4])
        let surrogate = try #require((objects.last?["tokens"] as? [[String: Any]])?.first)
        #expect(surrogate["utf16Range"] as? [Int] == [0, 2])
        #expect(surrogate["characterRange"] as? [Int] == [0, 1])
    }

    @Test func tokensFormatPrintsKindSourceAndRange() throws {
        let result = try Umbrella.run(["segment", "--format", "tokens", "2024年"])

        #expect(result.status == 0)
        #expect(result.outputLines == ["\"2024年\"\tnumber\trule\t0..<5", ""])
    }

    @Test func userWordsAndSplitsApplyFromTheCommandLine() throws {
        let word = try Umbrella.run(["segment", "--word", "研究生命", "研究生命的起源"])
        let split = try Umbrella.run(["segment", "--split", "北京/大学", "北京大学"])

        #expect(word.outputLines == ["研究生命 / 的 / 起源"])
        #expect(split.outputLines == ["北京 / 大学"])
    }

    @Test func readsTextFromAFile() throws {
        // Given a file with two lines
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("umbrella-\(UUID().uuidString).txt")
        try Data("研究生命的起源\n我爱北京天安门\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // When it is segmented with --file
        let result = try Umbrella.run(["segment", "--format", "spaced", "--file", file.path])

        // Then both lines are segmented
        #expect(result.status == 0, "\(result.error)")
        #expect(result.outputLines == ["研究 生命 的 起源", "我 爱 北京 天安门"])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let result = try Umbrella.run(
            ["segment", "--format", "spaced"], input: Data([0xEF, 0xBB, 0xBF] + Array("银行".utf8)))

        #expect(result.status == 0)
        #expect(result.outputLines == ["银行"])
    }
}
