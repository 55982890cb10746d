import Testing

@testable import EPUB

@Suite("MarkupScanner")
struct MarkupScannerTests {
    @Test func tagsAttributesAndTextAreTokenized() {
        let tokens = MarkupScanner.tokens(
            in: "<?xml version=\"1.0\"?><!DOCTYPE html [<!ENTITY x \"boom\">]>"
                + "<Item ID=\"a&amp;b\" href='c.xhtml' hidden media-type=text/html Id=\"second\"/>"
                + "t&lt;x&gt;<![CDATA[&raw;]]></dc:Title>")
        #expect(
            tokens == [
                .start(
                    name: "item",
                    attributes: ["id": "a&b", "href": "c.xhtml", "hidden": "", "media-type": "text/html"],
                    selfClosing: true),
                .text("t<x>"), .text("&raw;"), .end(name: "dc:title"),
            ])
    }

    @Test func declaredEntitiesAreNeverExpanded() {
        let tokens = MarkupScanner.tokens(in: "<!DOCTYPE x [<!ENTITY lol \"lol\">]><p>&lol;</p>")
        #expect(tokens.contains(.text("&lol;")))
    }

    @Test func unterminatedMarkupRunsToTheEnd() {
        #expect(
            MarkupScanner.tokens(in: "<p a=\"unclosed") == [
                .start(name: "p", attributes: ["a": "unclosed"], selfClosing: false)
            ])
        #expect(MarkupScanner.tokens(in: "a<![CDATA[b") == [.text("a"), .text("b")])
        #expect(MarkupScanner.tokens(in: "a<") == [.text("a<")])
        #expect(MarkupScanner.tokens(in: "</>") == [.text("</>")])
    }
}
