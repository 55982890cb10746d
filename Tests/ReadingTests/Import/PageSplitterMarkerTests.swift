import Testing

@testable import Reading

@Suite struct PageSplitterMarkerTests {
    static let sentence = "今天天气很好，我们去公园散步。"

    @Test func pagesBetweenMarkersStayWholeWhenLongerThanTheTarget() {
        let page = String(repeating: Self.sentence, count: 70)  // 1,050 characters
        let pages = PageSplitter().split([page, page, page].joined(separator: "\n---\n"))
        #expect(pages.map(\.text) == [page, page, page])
    }

    @Test func aMarkedPageBeyondTheLimitIsSplitByLength() {
        let page = String(repeating: Self.sentence, count: 300)  // 4,500 characters
        let pages = PageSplitter().split(page + "\n---\n" + Self.sentence)
        #expect(pages.count > 2)
        #expect(pages.dropLast().allSatisfy { $0.text.count <= 1000 })
        #expect(pages.last?.text == Self.sentence)
        #expect(pages.map(\.text).joined() == page + Self.sentence)
    }

    @Test func withoutMarkersLongTextIsSplitNearTheTarget() {
        let pages = PageSplitter().split(String(repeating: Self.sentence, count: 70))
        #expect(pages.map(\.text.count) == [495, 495, 60])
    }
}
