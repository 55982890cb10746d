import ChineseText
import Testing

/// Tone sandhi, applied by `PinyinTranscriber` when `Options.toneSandhi` is on.
@Suite("Tone sandhi")
struct ToneSandhiTests {
    private static func numbered(_ text: String) throws -> String {
        let resources = try TestResources.resources()
        let transcriber = PinyinTranscriber(resources: resources, segmenter: resources.makeSegmenter())
        return transcriber.transcribe(text, options: .init(toneSandhi: true))
            .map(\.numbered).filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test(
        "Sandhi changes the tones of connected speech",
        arguments: [
            ("你好", "ni2 hao3"),
            ("了解", "liao2 jie3"),
            ("一个", "yi2 ge5"),
            ("一本", "yi4 ben3"),
            ("一次", "yi2 ci4"),
            ("一天", "yi4 tian1"),
            ("一起", "yi4 qi3"),
            ("一年", "yi4 nian2"),
            ("不要", "bu2 yao4"),
            ("不对", "bu2 dui4"),
        ])
    func sandhiChangesTones(text: String, expected: String) throws {
        #expect(try Self.numbered(text) == expected)
    }

    @Test(
        "一 keeps its first tone in numbers, ordinals and dates",
        arguments: [
            ("第一", "di4 yi1"),
            ("十一", "shi2 yi1"),
            ("一月", "yi1 yue4"),
        ])
    func yiKeepsItsToneInNumbers(text: String, expected: String) throws {
        #expect(try Self.numbered(text) == expected)
    }

    @Test func buBeforeAFourthToneRises() throws {
        // Given 不是 in a sentence
        let reading = try Self.numbered("不是")

        // Then with sandhi it reads bú shì
        #expect(reading == "bu2 shi4")
    }

    @Test func buBeforeOtherTonesIsUnchanged() throws {
        #expect(try Self.numbered("不好") == "bu4 hao3")
    }

    @Test func sandhiDoesNotChangeTheTokens() throws {
        let resources = try TestResources.resources()
        let transcriber = PinyinTranscriber(resources: resources, segmenter: resources.makeSegmenter())

        let plain = transcriber.transcribe("你好，一个人不要去。")
        let sandhi = transcriber.transcribe("你好，一个人不要去。", options: .init(toneSandhi: true))

        #expect(plain.map(\.token) == sandhi.map(\.token))
        #expect(plain != sandhi)
    }
}
