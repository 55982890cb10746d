import Foundation
import Testing

@Suite("umbrella pinyin")
struct PinyinCommandTests {
    @Test func numberedTonesAreSpaceSeparated() throws {
        let result = try Umbrella.run(["pinyin", "--tones", "numbers", "银行"])

        #expect(result.status == 0, "\(result.error)")
        #expect(result.outputLines == ["yin2 hang2"])
    }

    @Test func markedTonesReadWordsAsWords() throws {
        let result = try Umbrella.run(["pinyin"], input: "银行\n行走\n我吃了。\n")

        #expect(result.status == 0)
        #expect(result.outputLines == ["yínháng", "xíngzǒu", "wǒ chī le。"])
    }

    @Test func sandhiFlagChangesTones() throws {
        let plain = try Umbrella.run(["pinyin", "--tones", "numbers", "你好"])
        let sandhi = try Umbrella.run(["pinyin", "--tones", "numbers", "--sandhi", "你好"])

        #expect(plain.outputLines == ["ni3 hao3"])
        #expect(sandhi.outputLines == ["ni2 hao3"])
    }

    @Test func rubyFormatEscapesMarkup() throws {
        // Given text with markup in it
        let result = try Umbrella.run(["pinyin", "--format", "ruby", "<script>银行</script>&\"'"])

        // Then the markup is escaped and the Chinese word gets a ruby annotation
        #expect(result.status == 0)
        let line = try #require(result.outputLines.first)
        #expect(!line.contains("<script>"))
        #expect(!line.contains("</script>"))
        #expect(line.contains("&lt;script&gt;"))
        #expect(line.contains("<ruby>银行<rt>yínháng</rt></ruby>"))
        #expect(line.hasSuffix("&amp;&quot;&#39;"))
    }

    @Test func jsonGivesOneSyllablePerHanCharacter() throws {
        let result = try Umbrella.run(["pinyin", "--json", "我有iPhone。"])

        #expect(result.status == 0)
        let object = try #require(try result.jsonLines().first)
        #expect(object["text"] as? String == "我有iPhone。")
        #expect(object["syllables"] as? [String] == ["wo3", "you3"])
        let tokens = try #require(object["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["text"] as? String } == ["我", "有", "iPhone", "。"])
    }
}
