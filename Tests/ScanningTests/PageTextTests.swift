import Foundation
import Testing

@testable import Scanning

@Suite("Recognised lines become paragraphs")
struct PageTextTests {
    /// A horizontal line from x0 to x1 at row `row` (40 px lines, 60 px apart).
    static func line(
        _ text: String, row: Int, x0: Double = 100, x1: Double = 1400, confidence: Double = 0.95
    )
        -> RecognizedLine
    {
        let top = Double(row) * 60 + 100
        return RecognizedLine(
            text: text, confidence: confidence,
            box: [.init(x: x0, y: top), .init(x: x1, y: top), .init(x: x1, y: top + 40), .init(x: x0, y: top + 40)])
    }

    @Test func joinsWrappedCJKLinesWithoutSpaces() {
        let lines = [
            Self.line("他时时提醒自己。秋天是收获的", row: 0), Self.line("时节。明日再见。", row: 1, x1: 700),
            Self.line("这是最佳的方案。", row: 2, x0: 180, x1: 600),
        ]
        #expect(PageText.assemble(lines) == "他时时提醒自己。秋天是收获的时节。明日再见。\n这是最佳的方案。")
    }

    @Test func joinsLatinWithSpacesAndRejoinsHyphenatedWords() {
        let lines = [
            Self.line("The quick brown fox jumps over the lazy dog and the", row: 0),
            Self.line("wonderful cat is remark-", row: 1), Self.line("ably calm.", row: 2, x1: 400),
        ]
        #expect(
            PageText.assemble(lines)
                == "The quick brown fox jumps over the lazy dog and the wonderful cat is remarkably calm.")
    }

    @Test func aGapOrAnIndentStartsAParagraph() {
        let lines = [Self.line("第一章", row: 0, x0: 600, x1: 800), Self.line("正文第一行正文第一行", row: 2)]
        #expect(PageText.assemble(lines) == "第一章\n正文第一行正文第一行")
    }

    @Test func verticalColumnsJoinUntilOneEndsEarly() {
        func column(_ text: String, x: Double, bottom: Double) -> RecognizedLine {
            RecognizedLine(
                text: text, confidence: 0.9,
                box: [
                    .init(x: x, y: 100), .init(x: x + 40, y: 100), .init(x: x + 40, y: bottom), .init(x: x, y: bottom),
                ],
                isVertical: true)
        }
        let lines = [
            column("春眠不觉晓", x: 900, bottom: 1900), column("处处闻啼鸟", x: 840, bottom: 1000),
            column("夜来风雨声", x: 780, bottom: 1900),
        ]
        #expect(PageText.assemble(lines) == "春眠不觉晓处处闻啼鸟\n夜来风雨声")
    }

    @Test func emptyAndBlankLinesGiveNoText() {
        #expect(PageText.assemble([]) == "")
        #expect(PageText.assemble([Self.line("   ", row: 0)]) == "")
    }

    @Test(arguments: [
        ("今天天气很好", "今天天气很好", 0.0), ("今天天气很好", "今天天汽很好", 1.0 / 6), ("今天 天气\n很好", "今天天气很好", 0.0),
        ("", "abc", 1.0), ("abcd", "", 1.0),
    ])
    func characterErrorRate(truth: String, read: String, expected: Double) {
        #expect(abs(CharacterErrorRate.of(read, against: truth) - expected) < 1e-9)
    }

    @Test func regionsAreClampedAndParsed() throws {
        let region = try #require(RegionOfInterest(parsing: "0.1, 0.2, 0.8, 0.9"))
        #expect(abs(region.height - 0.8) < 1e-9)
        #expect(RegionOfInterest(parsing: "0.1,0.2,0.8") == nil)
        #expect(RegionOfInterest(parsing: "nan,0,1,1") == nil)
        #expect(RegionOfInterest(x: 1.2, y: 0, width: 0.5, height: 1) == nil)
        #expect(QuarterTurn(degrees: -90) == .anticlockwise)
        #expect(QuarterTurn(degrees: 450) == .clockwise)
        #expect(QuarterTurn(degrees: 45) == nil)
    }
}
