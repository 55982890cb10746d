import Testing

@testable import Reading

@Suite("PageSplitter")
struct PageSplitterTests {
    // MARK: - Edge cases

    @Test(
        "Whitespace-only text gives no pages", arguments: ["", " ", "\n\n\n", " \t\n\u{3000}\r\n", "\u{000C}\n---\n"])
    func whitespaceOnlyTextGivesNoPages(text: String) {
        #expect(PageSplitter().split(text).isEmpty)
    }

    @Test func shortTextIsOnePage() {
        let pages = PageSplitter().split("你好。\n我叫小明。")
        #expect(pages == [PageDraft(text: "你好。\n我叫小明。")])
    }

    @Test func targetBelowOneCountsAsOne() {
        #expect(PageSplitter(targetLength: 0).targetLength == 1)
        #expect(PageSplitter(targetLength: -5).split("一。二").map(\.text) == ["一。", "二"])
    }

    // MARK: - Tidying

    @Test func trailingSpacesAreTrimmedAndBlankRunsCollapse() {
        let text = "第一段。  \t\n\n\n\n\n  第二段。\u{3000}\n\n\n第三段。\n\n"
        let pages = PageSplitter().split(text)
        #expect(pages.map(\.text) == ["第一段。\n\n  第二段。\n\n第三段。"])
    }

    @Test("Line breaks of every kind become LF", arguments: ["一。\r\n二。", "一。\r二。", "一。\u{2028}二。"])
    func lineBreaksOfEveryKindBecomeLF(text: String) {
        #expect(PageSplitter().split(text).map(\.text) == ["一。\n二。"])
    }

    // MARK: - Page markers

    @Test(
        "Page markers split exactly there and are dropped",
        arguments: [
            "\u{000C}", "---", "***", "===", "-----", "* * *", "＊＊＊", "－－－", "[page]", "<page>", "<page/>",
            "=== page 2 ===", "-- Page 12 --", "PAGE", "[Page 3]", "第2页", "— 第 12 頁 —", "【分页】", "分頁",
            "  ---  ",
        ])
    func pageMarkersSplitExactlyThere(marker: String) {
        let pages = PageSplitter().split("第一页的文字。\n\(marker)\n第二页的文字。")
        #expect(pages.map(\.text) == ["第一页的文字。", "第二页的文字。"])
    }

    @Test func formFeedInsideALineBreaksThePage() {
        let pages = PageSplitter().split("前面。\u{000C}后面。")
        #expect(pages.map(\.text) == ["前面。", "后面。"])
    }

    @Test func consecutiveMarkersNeverMakeEmptyPages() {
        let pages = PageSplitter().split("---\n一。\n---\n\n***\n\u{000C}\n[page]\n二。\n---")
        #expect(pages.map(\.text) == ["一。", "二。"])
    }

    @Test(
        "Lines that only look like markers stay text",
        arguments: ["--", "-*-", "page one", "pages", "第二页有图。", "— 对，就是这样 —", "==", "a---"])
    func linesThatOnlyLookLikeMarkersStayText(line: String) {
        let pages = PageSplitter().split("开头。\n\(line)\n结尾。")
        #expect(pages.map(\.text) == ["开头。\n\(line)\n结尾。"])
    }

    // MARK: - Chapter headings

    @Test(
        "Chapter headings start a page and title it",
        arguments: [
            "第一章", "第一章 风起", "第12回", "第 3 章　归来", "第一百二十回 终局", "第三卷：远方", "第５节", "第二部",
            "Chapter 3", "CHAPTER IV: Home", "Chapter Twelve", "Part Two", "Chapter 7.", "序", "序言", "楔子", "引子",
            "尾声", "后记", "番外一 春", "前言：写在前面", "Prologue", "Epilogue",
        ])
    func chapterHeadingsStartAPageAndTitleIt(heading: String) {
        let pages = PageSplitter().split("开头的话。\n\(heading)\n正文。")
        #expect(pages == [PageDraft(text: "开头的话。"), PageDraft(text: "\(heading)\n正文。", chapterTitle: heading)])
    }

    @Test(
        "Prose that starts like a heading is not one",
        arguments: [
            "第一章写得很好。", "第二天早上，他走了", "序号不对", "后记得他来过", "Chapter 3 was the best part.",
            "Part of me wanted to stay", "第一章节奏很快，第二章很慢，第三章又快了起来，真是一本有意思的小说啊",
            "chapters", "第一名",
        ])
    func proseThatStartsLikeAHeadingIsNotOne(line: String) {
        let pages = PageSplitter().split("开头。\n\(line)\n结尾。")
        #expect(pages.map(\.text) == ["开头。\n\(line)\n结尾。"])
        #expect(pages.allSatisfy { $0.chapterTitle == nil })
    }

    @Test func headingTitleCarriesOverToLaterPagesOfTheChapter() {
        let body = String(repeating: "这是一个句子。", count: 30)
        let pages = PageSplitter(targetLength: 70).split("第一章 开始\n\(body)\n第二章 继续\n短。")
        #expect(pages.count == 5)
        #expect(pages.prefix(4).allSatisfy { $0.chapterTitle == "第一章 开始" })
        #expect(pages.last == PageDraft(text: "第二章 继续\n短。", chapterTitle: "第二章 继续"))
    }

    @Test func twoHeadingsInARowShareAPageTitledByTheSecond() {
        let pages = PageSplitter().split("前言内容。\n第一卷 风起\n\n第一章 少年\n正文。")
        #expect(
            pages == [
                PageDraft(text: "前言内容。"),
                PageDraft(text: "第一卷 风起\n\n第一章 少年\n正文。", chapterTitle: "第一章 少年"),
            ])
    }

    @Test func aTableOfContentsStaysTogetherAndTheFirstChapterStartsAfterIt() {
        let text = "目录\n第一章 春\n第二章 夏\n第三章 秋\n第一章 春\n春天来了。\n第二章 夏\n夏天很热。"
        let pages = PageSplitter().split(text)
        #expect(
            pages == [
                PageDraft(text: "目录\n第一章 春\n第二章 夏\n第三章 秋"),
                PageDraft(text: "第一章 春\n春天来了。", chapterTitle: "第一章 春"),
                PageDraft(text: "第二章 夏\n夏天很热。", chapterTitle: "第二章 夏"),
            ])
    }

    @Test func aMarkerKeepsTheCurrentChapterTitle() {
        let pages = PageSplitter().split("第一章 风\n一。\n---\n二。")
        #expect(pages.map(\.chapterTitle) == ["第一章 风", "第一章 风"])
    }

    // MARK: - Length

    @Test func pagesBreakOnSentenceBoundariesNearTheTarget() {
        // Given 100 sentences of 10 characters
        let sentence = "我今天很高兴去学校。"
        let text = String(repeating: sentence, count: 100)

        // When split for pages of 96 characters
        let pages = PageSplitter(targetLength: 96).split(text)

        // Then every page is whole sentences, as close to 96 as sentences allow (100)
        #expect(pages.count == 10)
        for page in pages {
            #expect(page.text.count % 10 == 0)
            #expect(page.text.hasSuffix("。"))
        }
        #expect(pages.map(\.text).joined() == text)
    }

    @Test(
        "Sentences end after their closing quotes and spaces",
        arguments: [
            ("他说：“好。”然后走了。", ["他说：“好。”", "然后走了。"]),
            ("「真的嗎？」她問。", ["「真的嗎？」", "她問。"]),
            ("『走吧！』", ["『走吧！』"]),
            ("（完。）后来。", ["（完。）", "后来。"]),
            ("等等……好吧。", ["等等……", "好吧。"]),
            ("先这样；再那样。", ["先这样；", "再那样。"]),
            ("真的吗？！是的。", ["真的吗？！", "是的。"]),
            ("没有句号", ["没有句号"]),
            ("It costs 3.14 dollars. Really? Yes!", ["It costs 3.14 dollars. ", "Really? ", "Yes!"]),
            ("He said \"Go.\" Then left...  Fine.", ["He said \"Go.\" ", "Then left...  ", "Fine."]),
        ] as [(String, [String])])
    func sentencesEndAfterTheirClosingQuotesAndSpaces(paragraph: String, sentences: [String]) {
        #expect(PageSplitter.sentences(in: paragraph) == sentences)
    }

    @Test func aPageEndsAfterTheClosingQuote() {
        let pages = PageSplitter(targetLength: 8).split("他说：“你好吗？”我说：“很好。”")
        #expect(pages.map(\.text) == ["他说：“你好吗？”", "我说：“很好。”"])
    }

    @Test func aPageNeverCutsASentenceShorterThanTwiceTheTarget() {
        // Given two sentences of 190 characters, with a target of 100
        let long = String(repeating: "长", count: 189) + "。"

        // When split
        let pages = PageSplitter(targetLength: 100).split(long + long)

        // Then each sentence is whole on its own page
        #expect(pages.map(\.text) == [long, long])
    }

    @Test func aSentenceLongerThanTwiceTheTargetBreaksAtCommas() {
        // Given a 250-character sentence of 50-character clauses, with a target of 100
        let clause = String(repeating: "字", count: 49) + "，"
        let sentence = String(repeating: clause, count: 4) + String(repeating: "字", count: 49) + "。"

        // When split
        let pages = PageSplitter(targetLength: 100).split(sentence)

        // Then it is cut after commas, into pieces of at most the target
        #expect(pages.map(\.text.count) == [100, 100, 50])
        #expect(pages[0].text.hasSuffix("，"))
        #expect(pages.map(\.text).joined() == sentence)
    }

    @Test func aSentenceWithoutCommasBreaksAnywhere() {
        let sentence = String(repeating: "无", count: 250)
        let pages = PageSplitter(targetLength: 100).split(sentence)
        #expect(pages.map(\.text.count) == [100, 100, 50])
    }

    @Test func lengthCountsCharactersNotBytes() {
        // 40 Chinese sentences of 5 characters (15 UTF-8 bytes each), target 50: ten sentences a page.
        let pages = PageSplitter(targetLength: 50).split(String(repeating: "我爱中文。", count: 40))
        #expect(pages.count == 4)
        #expect(pages.allSatisfy { $0.text.count == 50 })
    }

    @Test func paragraphsArePreservedInsideAndAcrossPages() {
        // Given three paragraphs of two 9-character sentences, with a target of 30
        let paragraph = "第一句话写在这里。第二句话写在这里。"
        let text = [paragraph, paragraph, paragraph].joined(separator: "\n")

        // When split
        let pages = PageSplitter(targetLength: 30).split(text)

        // Then breaks fall between sentences, and line breaks survive inside pages
        #expect(
            pages.map(\.text) == [
                "第一句话写在这里。第二句话写在这里。\n第一句话写在这里。",
                "第二句话写在这里。\n第一句话写在这里。第二句话写在这里。",
            ])
    }

    @Test func latinPagesDoNotStartWithTheSpaceAfterASentence() {
        let pages = PageSplitter(targetLength: 12).split("One two six. Three four. Five six seven.")
        #expect(pages.map(\.text) == ["One two six.", "Three four.", "Five six seven."])
    }

    // MARK: - Chapters

    @Test func everyChapterStartsAPageWithItsTitle() {
        let pages = PageSplitter().split(chapters: [
            Chapter(title: "第一章", text: "一。"),
            Chapter(title: nil, text: "无题。"),
            Chapter(title: "  第三章  ", text: "三。"),
            Chapter(title: "空章", text: " \n "),
        ])
        #expect(
            pages == [
                PageDraft(text: "一。", chapterTitle: "第一章"),
                PageDraft(text: "无题。"),
                PageDraft(text: "三。", chapterTitle: "第三章"),
            ])
    }

    @Test func aChaptersOwnHeadingDoesNotReplaceItsTitle() {
        let pages = PageSplitter().split(chapters: [
            Chapter(title: "Chapter One", text: "第一章 风起\n正文。\n第二章 云涌\n更多。")
        ])
        #expect(
            pages == [
                PageDraft(text: "第一章 风起\n正文。", chapterTitle: "Chapter One"),
                PageDraft(text: "第二章 云涌\n更多。", chapterTitle: "第二章 云涌"),
            ])
    }

    @Test func splittingIsDeterministicAndLosesNoText() {
        // A long mixed text keeps every non-whitespace character, in order.
        var generator = SeededGenerator(seed: 42)
        let pieces = ["你好", "。", "，", "！", "\n", "\n\n", "“", "”", "我们", "学习", "中文", "？", " ", "……"]
        let text = (0..<5_000).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        let splitter = PageSplitter(targetLength: 120)
        let pages = splitter.split(text)
        #expect(pages == splitter.split(text))
        #expect(pages.allSatisfy { !$0.text.isEmpty && $0.text.filter { !$0.isNewline }.count <= 240 })
        let kept = pages.map(\.text).joined().filter { !$0.isWhitespace }
        #expect(kept == text.filter { !$0.isWhitespace })
    }
}

/// A small seeded generator (SplitMix64) so the generated text is the same on every run.
private struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
