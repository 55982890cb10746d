import ChineseText
import Testing

/// Random text drawn from many scripts must always segment losslessly with consistent ranges.
@Suite("LatticeSegmenter properties")
struct LatticeSegmenterPropertyTests {
    /// Pieces the generator strings together: single scalars and multi-scalar clusters that are
    /// known to stress segmenters (ZWJ sequences, combining marks, surrogate pairs, CRLF).
    private static let alphabet: [[String]] = [
        // Common Han, words and numerals, simplified and traditional.
        Array("的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年研究生命起源结婚尚未銀行說裡第三百五十日号").map(String.init),
        // Latin letters, digits and connectors.
        Array("aZqXiPhone0123456789-.'%&_,:/").map(String.init),
        // Full-width forms.
        Array("ＡＢｚ０９％，。！？（）　").map(String.init),
        // Whitespace and line breaks.
        [" ", "\t", "\n", "\r\n", "\r", "\u{3000}", "\u{A0}", "\u{2028}"],
        // Punctuation and symbols.
        Array("，。！？、；：“”‘’《》…—·()[]{}<>@#$^*+=|~`\\\"").map(String.init),
        // Emoji, with ZWJ sequences, skin tones, flags, keycaps and variation selectors.
        ["😀", "👨‍👩‍👧", "👍🏽", "🇨🇳", "1️⃣", "❤️", "\u{200D}", "\u{FE0F}"],
        // Combining marks, alone or after a base.
        ["\u{301}", "e\u{301}", "好\u{302}", "\u{20DD}", "a\u{308}\u{301}"],
        // Han outside the BMP, and compatibility ideographs.
        ["𠮷", "𪚥", "\u{2A6D6}", "\u{F900}", "〇"],
        // Other scripts.
        Array("あいカナㇰ한국어ПриветΓειάمرحباשלוםनमस्ते").map(String.init),
        // Controls and unassigned or private-use scalars.
        ["\u{0}", "\u{1B}", "\u{7F}", "\u{E000}", "\u{10FFFD}", "\u{FFFD}"],
    ]

    private static func randomText(length: Int, using generator: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<length {
            let group = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            text += group[Int.random(in: 0..<group.count, using: &generator)]
        }
        return text
    }

    @Test("Random mixed-script text segments losslessly", arguments: [1 as UInt64, 2, 3, 4])
    func randomTextSegmentsLosslessly(seed: UInt64) throws {
        // Given a seeded generator of mixed-script strings
        let resources = try TestResources.resources()
        let segmenter = resources.makeSegmenter()
        var generator = SplitMix64(seed: seed)

        for _ in 0..<150 {
            let length = Int.random(in: 0...60, using: &generator)
            let input = Self.randomText(length: length, using: &generator)

            // When each string is segmented
            let tokens = segmenter.segment(input)

            // Then the tokens tile it, and dictionary words are headwords
            expectTokensTile(input, tokens)
            for token in tokens where token.kind == .chineseWord && token.source == .dictionary {
                #expect(
                    resources.lexicon.contains(token.text.foldingFullWidth),
                    "\(token.text.debugDescription) in \(input.debugDescription) (seed \(seed))")
            }
        }
    }

    @Test("Random text with user overrides segments losslessly", arguments: [7 as UInt64, 8])
    func randomTextWithUserOverridesSegmentsLosslessly(seed: UInt64) throws {
        // Given overrides that overlap each other and ordinary words
        var dictionary = UserDictionary()
        dictionary.addWord("研究生命")
        dictionary.addWord("的一")
        dictionary.addSplit(["结", "婚"])
        dictionary.addSplit(["第三", "百"])
        dictionary.addWord("aZ")
        let segmenter = try TestResources.segmenter(userDictionary: dictionary)
        var generator = SplitMix64(seed: seed)

        for _ in 0..<150 {
            let input = Self.randomText(length: Int.random(in: 0...60, using: &generator), using: &generator)

            // When it is segmented, then nothing is lost
            expectTokensTile(input, segmenter.segment(input))
        }
    }

    @Test func generatorIsDeterministic() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)

        #expect((0..<8).map { _ in first.next() } == (0..<8).map { _ in second.next() })
    }
}
