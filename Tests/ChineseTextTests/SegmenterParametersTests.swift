import ChineseText
import Testing

@Suite("SegmenterParameters")
struct SegmenterParametersTests {
    @Test func defaultParametersSegmentLikeTheDefaultSegmenter() throws {
        let resources = try TestResources.resources()
        let text = "结婚的和尚未结婚的。我叫陈婷婷，2024年第一次去北京。"

        let tuned = resources.makeSegmenter(parameters: SegmenterParameters())

        #expect(tuned.segment(text) == resources.makeSegmenter().segment(text))
    }

    @Test func segmenterWithoutNamesLeavesNamesAsCharacters() throws {
        // Given a segmenter with the name model turned off
        let resources = try TestResources.resources()
        let segmenter = resources.makeSegmenter(parameters: SegmenterParameters(), useNames: false)

        // When a sentence with a name is segmented
        let tokens = segmenter.segment("我叫陈婷婷。")

        // Then no token comes from the name model, and nothing is lost
        #expect(!tokens.contains { $0.source == .name })
        expectTokensTile("我叫陈婷婷。", tokens)
    }

    @Test func tokenPenaltyTradesSplitsForLongerWords() throws {
        // Given segmenters that favour fewer tokens and more tokens
        let resources = try TestResources.resources()
        var longer = SegmenterParameters()
        longer.tokenPenalty = 20
        var shorter = SegmenterParameters()
        shorter.tokenPenalty = -20
        let text = "中华人民共和国成立了"

        // When the same text is segmented
        let few = resources.makeSegmenter(parameters: longer).segment(text)
        let many = resources.makeSegmenter(parameters: shorter).segment(text)

        // Then the penalty moves the token count the way it says
        #expect(few.count <= many.count)
        expectTokensTile(text, few)
        expectTokensTile(text, many)
    }
}
