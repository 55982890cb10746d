import ChineseText
import Testing

@testable import Reading

@Suite struct PageAnnotatorTests {
    static let annotator: PageAnnotator = {
        do { return PageAnnotator(resources: try ChineseTextResources.load()) } catch {
            fatalError("bundled data: \(error)")
        }
    }()

    @Test func wordsGetReadingsLevelsAndOffsets() {
        let page = Self.annotator.annotate("我们去公园散步。\n月亮很美", standard: .hsk3)
        #expect(page.paragraphs.count == 2)
        let first = page.paragraphs[0]
        #expect(first.map(\.text).joined() == "我们去公园散步。")
        let park = first.first { $0.text == "公园" }
        #expect(park?.isWord == true)
        #expect(park?.pinyin == "gōng yuán")
        #expect(park?.hskLevel != nil)
        #expect(park?.utf16Offset == 3)
        #expect(first.last?.isWord == false)
        #expect(page.paragraphs[1].first?.utf16Offset == 9)
        #expect(page.words.contains("月亮"))
    }

    @Test func latinTextAndPunctuationAreNotWords() {
        let page = Self.annotator.annotate("我用iPhone 15。", standard: .hsk2)
        let words = page.paragraphs.joined().filter(\.isWord).map(\.text)
        #expect(words == ["我", "用"])
    }

    @Test func characterFallbackMakesEveryHanCharacterTappable() {
        let page = Self.annotator.characterFallback("月亮，好。", standard: .hsk3)
        #expect(page.isCharacterFallback)
        #expect(page.paragraphs[0].filter(\.isWord).map(\.text) == ["月", "亮", "好"])
        #expect(page.paragraphs[0].first?.pinyin == "yuè")
    }

    @Test func blankLinesDoNotMakeEmptyParagraphs() {
        let page = Self.annotator.annotate("\n\n你好\n\n\n再见\n", standard: .hsk3)
        #expect(page.paragraphs.map { $0.map(\.text).joined() } == ["你好", "再见"])
    }
}
