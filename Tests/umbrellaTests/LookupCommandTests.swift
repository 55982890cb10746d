import Foundation
import Testing

@Suite("umbrella lookup")
struct LookupCommandTests {
    @Test func headwordLookupPrintsTheMarkedReading() throws {
        let result = try Umbrella.run(["lookup", "月亮"])

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("yuèliang"))
        #expect(result.output.contains("the moon"))
        #expect(result.output.contains("HSK 3.0 level 2"))
    }

    @Test func queryWithNoResultExitsOneAndSaysNotFound() throws {
        let result = try Umbrella.run(["lookup", "qwertyzz"])

        #expect(result.status == 1)
        #expect(result.output.contains("Not found"))
    }

    @Test func unknownChineseSuggestsItsWords() throws {
        let result = try Umbrella.run(["lookup", "研究生命起源"])

        #expect(result.status == 1)
        #expect(result.output.contains("Not found"))
        #expect(result.output.contains("研究 · 生命 · 起源"))
    }

    @Test func englishJSONListsEntries() throws {
        // When "moon" is looked up as JSON
        let result = try Umbrella.run(["lookup", "--json", "moon"])

        // Then one object reports an English search whose entries include 月亮
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try result.jsonLines().first)
        #expect(object["query"] as? String == "moon")
        #expect(object["mode"] as? String == "english")
        #expect(object["found"] as? Bool == true)
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.contains { $0["simplified"] as? String == "月亮" })
        #expect(entries.allSatisfy { $0["pinyin"] is String && $0["senses"] is [String] })
    }

    @Test("Pinyin queries search by reading", arguments: ["yueliang", "yue4liang", "yuèliàng"])
    func pinyinQuerySearchesByReading(query: String) throws {
        let result = try Umbrella.run(["lookup", "--json", query])

        #expect(result.status == 0)
        let object = try #require(try result.jsonLines().first)
        #expect(object["mode"] as? String == "pinyin")
        let first = try #require((object["entries"] as? [[String: Any]])?.first)
        #expect(first["simplified"] as? String == "月亮")
    }

    @Test func headwordJSONCarriesTheWordLookup() throws {
        let result = try Umbrella.run(["lookup", "--json", "銀行"])

        #expect(result.status == 0)
        let object = try #require(try result.jsonLines().first)
        #expect(object["mode"] as? String == "headword")
        let word = try #require((object["words"] as? [[String: Any]])?.first)
        #expect(word["headword"] as? String == "銀行")
        #expect(word["hsk3Level"] as? Int == 2)
        #expect((word["examples"] as? [Any])?.count ?? 0 <= 3)
    }

    @Test func eachStandardInputLineIsOneQueryAndAnyMissExitsOne() throws {
        let result = try Umbrella.run(["lookup", "--json"], input: "月亮\n\nqwertyzz\n")

        #expect(result.status == 1)
        let objects = try result.jsonLines()
        #expect(objects.map { $0["query"] as? String } == ["月亮", "qwertyzz"])
        #expect(objects.map { $0["found"] as? Bool } == [true, false])
    }

    @Test func conflictingModesAreRejected() throws {
        let result = try Umbrella.run(["lookup", "--english", "--pinyin", "moon"])

        #expect(result.status != 0)
        #expect(result.error.contains("--english"))
    }

    @Test func emptyQueryIsAnError() throws {
        let result = try Umbrella.run(["lookup"], input: "\n  \n")

        #expect(result.status != 0)
        #expect(result.error.contains("Nothing to look up"))
    }
}
