import ChineseText
import Testing

@Suite("ExampleSentences")
struct ExampleSentenceTests {
    private static func sentence(
        _ id: String, level: Int, _ simplified: String, _ traditional: String? = nil
    ) -> ExampleSentence {
        ExampleSentence(
            id: id, hskLevel: level, simplified: simplified, traditional: traditional ?? simplified, pinyin: "",
            english: "")
    }

    @Test func simplestSentencesComeFirst() {
        // Given sentences at several levels and lengths
        let examples = ExampleSentences([
            Self.sentence("c", level: 3, "我去银行。"),
            Self.sentence("b", level: 1, "银行很大，我们都去银行。"),
            Self.sentence("a", level: 1, "银行在哪？"),
            Self.sentence("d", level: 1, "我喜欢月亮。"),
        ])

        // When the sentences containing 银行 are asked for
        let found = examples.containing("银行", limit: 3)

        // Then the lowest level and shortest come first, and unrelated ones are left out
        #expect(found.map(\.id) == ["a", "b", "c"])
    }

    @Test func traditionalTextIsSearchedToo() {
        let examples = ExampleSentences([Self.sentence("a", level: 2, "银行在哪里？", "銀行在哪裡？")])

        #expect(examples.containing("銀行").map(\.id) == ["a"])
    }

    @Test func limitAndEmptyWordAreRespected() {
        let examples = ExampleSentences((1...5).map { Self.sentence("s\($0)", level: 1, "我\($0)") })

        #expect(examples.containing("我").count == 3)
        #expect(examples.containing("我", limit: 0).isEmpty)
        #expect(examples.containing("").isEmpty)
    }

    @Test func bundledSentencesAreLoaded() throws {
        let examples = try TestResources.resources().examples

        #expect(examples.all.count > 100)
        #expect(examples.all.allSatisfy { !$0.simplified.isEmpty && !$0.english.isEmpty })
    }
}
