import Testing

@testable import EPUB

@Suite("XHTMLText")
struct XHTMLTextTests {
    @Test(
        "Markup becomes paragraphs of plain text",
        arguments: [
            ("<p>第一行\n   第二行</p>", "第一行第二行"),
            ("<p>hello\n   world</p>", "hello world"),
            ("<p>你好 世界</p>", "你好 世界"),
            ("<p>中文\nEnglish</p>", "中文 English"),
            ("<p>“引号”\n后面</p>", "“引号”后面"),
            ("<div><div><p>a</p></div></div>\n\n<p>b</p>", "a\nb"),
            ("<p>a<br/><br/><br/>b</p>", "a\n\nb"),
            ("<p>a<br>b</p>", "a\nb"),
            ("<p>one<p>two", "one\ntwo"),
            ("<P>A</P><BR>B", "A\n\nB"),
            ("<html><head><title>t</title><body><p>x</p>", "x"),
            ("<ruby>漢<rt>kan<rb>字</rb><rt>ji</ruby>好", "漢字好"),
            ("<ruby>漢<rtc><rt>kan</rt></rtc></ruby>", "漢"),
            ("<script>var s = \"</div><p>no</p>\";</script><p>ok</p>", "ok"),
            ("<STYLE>p { color: red }</STYLE><p>ok</p>", "ok"),
            ("<p title=\"a > b\" data-x='<p>'>text</p>", "text"),
            ("<p>a</p><!-- never closed <p>b</p>", "a"),
            ("<p>1 < 2 && 3 > 2</p>", "1 < 2 && 3 > 2"),
            ("<svg><text>x</text></svg><p>y</p>", "y"),
            ("<table><tr><td>a</td><td>b</td></tr></table>", "a\nb"),
            ("<p>　　第一段。</p><p>&nbsp;&nbsp;第二段。</p>", "第一段。\n第二段。"),
            ("<p>&#0;&#xD800;&#x110000;&#65;</p>", "\u{FFFD}\u{FFFD}\u{FFFD}A"),
            ("<pre>  code\n    indented</pre><p>after</p>", "code\nindented\nafter"),
            ("<ul><li>一</li><li>二</li></ul>", "一\n二"),
            ("<p>a <b>bold</b> <i>word</i>.</p>", "a bold word."),
            ("<p><span>中</span>\n<span>文</span></p>", "中文"),
            ("<xhtml:p>prefixed</xhtml:p><xhtml:p>too</xhtml:p>", "prefixed\ntoo"),
            ("<noscript>turn on JS</noscript><template><p>t</p></template><p>real</p>", "real"),
            ("", ""),
            ("<body>   \n  </body>", ""),
        ])
    func markupBecomesParagraphsOfPlainText(markup: String, text: String) {
        #expect(XHTMLText(document: markup).text == text)
    }

    @Test(
        "The first h1–h3 with text is the heading",
        arguments: [
            ("<h1>书名</h1><h2>第二</h2>", "书名"),
            ("<h4>四</h4><h3> 三 </h3>", "三"),
            ("<h1><img src=\"x\"/></h1><h2>B</h2>", "B"),
            ("<h2>第一章<br/>开端</h2>", "第一章 开端"),
            ("<h1>A &amp; B</h1>", "A & B"),
            ("<p>no heading</p>", nil),
            ("<head><title>not a heading</title></head><h5>nor this</h5>", nil),
        ] as [(String, String?)])
    func theFirstHeadingWithTextIsTheHeading(markup: String, heading: String?) {
        #expect(XHTMLText(document: markup).firstHeading == heading)
    }

    @Test func largeDocumentsConvertQuickly() {
        let paragraph = "<p class=\"x\">这是一个很长的段落，里面有<b>粗体</b>和<ruby>漢<rt>kan</rt></ruby>字。</p>\n"
        let document = String(repeating: paragraph, count: 20_000)
        let clock = ContinuousClock()
        var lines: [Substring] = []
        let elapsed = clock.measure { lines = XHTMLText(document: document).text.split(separator: "\n") }
        #expect(lines.count == 20_000)
        #expect(lines.allSatisfy { $0 == "这是一个很长的段落，里面有粗体和漢字。" })
        #expect(elapsed < .seconds(20))
    }
}
