import EPUB
import Foundation
import Testing
import ZIPFoundation

@Suite("EPUBBook")
struct EPUBBookTests {
    // MARK: - Reading books

    @Test func threeChapterChineseBookReadsInSpineOrderWithNavTitles() throws {
        // Given a three-chapter EPUB 3 with a cover page, a navigation document and two authors
        let data = try EPUBFixture.chineseNovel().data()

        // When it is read
        let book = try EPUBBook.read(data)

        // Then the metadata, titles and text come through, and the cover (no text) is left out
        #expect(book.title == "春天的故事")
        #expect(book.author == "李明, 王芳")
        #expect(
            book.chapters == [
                EPUBChapter(title: "第一章 春天来了", text: "第一章 春天来了\n春天来了，天气很好。\n小明和妈妈一起去买花。"),
                EPUBChapter(title: "第二章 去公园", text: "第二章 去公园\n公园里有很多人。\n他们在湖边\n喝茶。"),
                EPUBChapter(title: "第三章 回家", text: "第三章 回家\n天黑了，大家都回家了。"),
            ])
    }

    @Test func epub2TitlesComeFromTheNCX() throws {
        var epub = EPUBFixture()
        epub.add("META-INF/container.xml", EPUBFixture.container(packagePath: "content.opf"))
        epub.add(
            "content.opf",
            EPUBFixture.package(
                items: [
                    .init(id: "ncx", href: "toc.ncx", mediaType: "application/x-dtbncx+xml"),
                    .init(id: "a", href: "a.html", mediaType: "text/html"), .init(id: "b", href: "b.xhtml"),
                ],
                spine: ["a", "b"], ncxID: "ncx"))
        epub.add("toc.ncx", EPUBFixture.ncx([("a.html", "序幕"), ("b.xhtml#p2", "正文  开始")]))
        epub.add("a.html", EPUBFixture.xhtml("<p>很久以前。</p>"))
        epub.add("b.xhtml", EPUBFixture.xhtml("<p>后来。</p>"))

        let book = try EPUBBook.read(try epub.data())

        #expect(book.chapters.map(\.title) == ["序幕", "正文 开始"])
        #expect(book.chapters.map(\.text) == ["很久以前。", "后来。"])
    }

    @Test func withoutATableOfContentsTheFirstHeadingIsTheTitle() throws {
        var epub = EPUBFixture.singleChapter(
            "<div><h4>小标题</h4><h2>  真正的<ruby>标<rt>biāo</rt></ruby>题 </h2><h1>第二个</h1><p>内容。</p></div>")
        epub.add("OEBPS/text/ch2.xhtml", EPUBFixture.xhtml("<p>没有标题的一章。</p>"))
        epub.add(
            "OEBPS/content.opf",
            EPUBFixture.package(
                title: nil, creators: [],
                items: [.init(id: "1", href: "text/ch1.xhtml"), .init(id: "2", href: "text/ch2.xhtml")],
                spine: ["1", "2"]))

        let book = try EPUBBook.read(try epub.data())

        #expect(book.title == nil)
        #expect(book.author == nil)
        #expect(book.chapters.map(\.title) == ["真正的标题", nil])
    }

    @Test func linksThatStayInsideTheBookResolve() throws {
        // Given a package in OEBPS/opf/ linking its chapter as ../text/第一章.xhtml, percent-encoded
        var epub = EPUBFixture()
        epub.add("META-INF/container.xml", EPUBFixture.container(packagePath: "OEBPS/opf/book.opf"))
        epub.add(
            "OEBPS/opf/book.opf",
            EPUBFixture.package(
                items: [
                    .init(id: "c", href: "../text/%E7%AC%AC%E4%B8%80%E7%AB%A0.xhtml"),
                    .init(id: "d", href: "./../text/./d.xhtml"),
                ],
                spine: ["c", "d"]))
        epub.add("OEBPS/text/第一章.xhtml", EPUBFixture.xhtml("<p>一。</p>"))
        epub.add("OEBPS/Text/D.XHTML", EPUBFixture.xhtml("<p>大小写不同也能找到。</p>"))

        let book = try EPUBBook.read(try epub.data())

        #expect(book.chapters.map(\.text) == ["一。", "大小写不同也能找到。"])
    }

    @Test func markupInTheTextComesOutInert() throws {
        // Given a chapter with script, style, comments, event attributes and escaped markup
        let body = """
            <script type="text/javascript">alert("pwned"); document.write("<p>injected</p>");</script>
            <style>p { display: none } </style>
            <!-- <p>commented out</p> -->
            <p onclick="alert(1)">这是&lt;b&gt;粗体&lt;/b&gt;和&amp;lt;实体&amp;gt;。</p>
            <p><![CDATA[<i>不是标签</i>]]></p>
            <p>&#20013;&#x6587; &quot;引号&quot; &nbsp;A&amp;B &unknown; 5 < 6</p>
            <p><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"/></p>
            """
        let book = try EPUBBook.read(try EPUBFixture.singleChapter(body).data())

        // Then script and style content is gone and escaped markup is literal text
        let text = try #require(book.chapters.first).text
        #expect(!text.contains("pwned"))
        #expect(!text.contains("injected"))
        #expect(!text.contains("display"))
        #expect(!text.contains("commented"))
        #expect(!text.contains("alert"))
        #expect(
            text
                == "这是<b>粗体</b>和&lt;实体&gt;。\n<i>不是标签</i>\n中文 \"引号\" \u{00A0}A&B &unknown; 5 < 6\n链接")
    }

    @Test func rubyKeepsTheBaseTextAndDropsTheReading() throws {
        let body =
            "<p><ruby>漢<rp>(</rp><rt>hàn</rt><rp>)</rp>字<rt>zì</rt></ruby>很难。<ruby><rb>学</rb><rt>xué</rt></ruby></p>"
        let book = try EPUBBook.read(try EPUBFixture.singleChapter(body).data())
        #expect(book.chapters.first?.text == "漢字很难。学")
    }

    @Test func gbkDeclaredDocumentsAreDecoded() throws {
        // Given a chapter stored in GBK with an XML declaration saying so (bytes from Python's codec)
        var epub = EPUBFixture.singleChapter("<p>x</p>")
        let head = Data("<?xml version=\"1.0\" encoding=\"GBK\"?><html><body><p>".utf8)
        let chinese = Data([0xD6, 0xD0, 0xCE, 0xC4, 0xCA, 0xE9])  // 中文书
        epub.add("OEBPS/text/ch1.xhtml", head + chinese + Data("</p></body></html>".utf8))

        let book = try EPUBBook.read(try epub.data())

        #expect(book.chapters.first?.text == "中文书")
    }

    @Test func storedAndDeflatedEntriesBothRead() throws {
        var epub = EPUBFixture.chineseNovel()
        epub.add(
            "OEBPS/text/ch1.xhtml", EPUBFixture.xhtml("<p>" + String(repeating: "长文本。", count: 5_000) + "</p>"),
            compressed: false)
        let book = try EPUBBook.read(try epub.data())
        #expect(book.chapters.first?.text.count == 20_000)
    }

    // MARK: - Refusals

    @Test(
        "Files that are not ZIP archives are refused",
        arguments: [
            Data(), Data("just some text, not a zip".utf8), Data("%PDF-1.7\n".utf8), Data(repeating: 0x50, count: 100),
            Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 10)),
        ])
    func filesThatAreNotZIPArchivesAreRefused(data: Data) {
        #expect(throws: EPUBError.notZip) { try EPUBBook.read(data) }
    }

    @Test func aZIPWithoutContainerIsRefused() throws {
        var epub = EPUBFixture.chineseNovel()
        epub.remove("META-INF/container.xml")
        #expect(throws: EPUBError.missingContainer) { try EPUBBook.read(try epub.data()) }
    }

    @Test func aContainerNamingAMissingPackageIsRefused() throws {
        var epub = EPUBFixture.chineseNovel()
        epub.add("META-INF/container.xml", EPUBFixture.container(packagePath: "OEBPS/missing.opf"))
        #expect(throws: EPUBError.missingPackage) { try EPUBBook.read(try epub.data()) }

        epub.add("META-INF/container.xml", "<container><rootfiles></rootfiles></container>")
        #expect(throws: EPUBError.missingPackage) { try EPUBBook.read(try epub.data()) }
    }

    @Test func aPackageWithoutSpineIsRefused() throws {
        var epub = EPUBFixture.chineseNovel()
        epub.add("OEBPS/content.opf", "<package><metadata/><manifest/></package>")
        #expect(throws: EPUBError.invalidPackage("it has no spine (reading order)")) {
            try EPUBBook.read(try epub.data())
        }
    }

    @Test(
        "Spine links leading outside the book are refused",
        arguments: [
            "../../etc/passwd", "../../../secret.xhtml", "text/../../../x.xhtml", "/etc/passwd",
            "%2E%2E/%2E%2E/x.xhtml",
            "..\\..\\windows.xhtml", "C:\\boot.ini",
        ])
    func spineLinksLeadingOutsideTheBookAreRefused(href: String) throws {
        var epub = EPUBFixture.chineseNovel()
        epub.add(
            "OEBPS/content.opf",
            EPUBFixture.package(
                items: [.init(id: "ch1", href: "text/ch1.xhtml"), .init(id: "evil", href: href)],
                spine: ["ch1", "evil"]))
        #expect(throws: EPUBError.unsafePath(href)) { try EPUBBook.read(try epub.data()) }
    }

    @Test(
        "Entry names leading outside the archive are refused",
        arguments: ["../evil.txt", "/etc/passwd", "a/../../b", "C:/x"])
    func entryNamesLeadingOutsideTheArchiveAreRefused(name: String) throws {
        var epub = EPUBFixture.chineseNovel()
        epub.add(name, "evil")
        #expect(throws: EPUBError.unsafePath(name)) { try EPUBBook.read(try epub.data()) }
    }

    @Test(.timeLimit(.minutes(1)))
    func zipBombIsRefusedBeforeExtraction() throws {
        // Given an EPUB with a 300 MB run of zeros deflated to a few hundred kilobytes
        var epub = EPUBFixture.chineseNovel()
        epub.remove("OEBPS/text/ch1.xhtml")
        let archive = try Archive(data: try epub.data(), accessMode: .update)
        let size = 300 * 1_048_576
        let zeros = Data(count: 1_048_576)
        try archive.addEntry(
            with: "OEBPS/text/ch1.xhtml", type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate,
            bufferSize: zeros.count, provider: { position, chunk in zeros.prefix(min(chunk, size - Int(position))) })
        let data = try #require(archive.data)
        #expect(data.count < 2_000_000)

        // When it is read, then it is refused as unsafe
        let error = try #require(throws: EPUBError.self) { try EPUBBook.read(data) }
        #expect(error == .tooLarge(limit: 200 * 1_048_576))
        #expect(error.isSafetyRefusal)
    }

    @Test func highlyCompressedLargeEntryIsRefused() throws {
        var epub = EPUBFixture.chineseNovel()
        epub.add("OEBPS/images/blank.bmp", Data(count: 5 * 1_048_576))
        let error = try #require(throws: EPUBError.self) { try EPUBBook.read(try epub.data()) }
        #expect(error == .compressionRatio(path: "OEBPS/images/blank.bmp", limit: 100))
        #expect(error.isSafetyRefusal)
    }

    @Test(.timeLimit(.minutes(1)))
    func anEntryExpandingPastItsDeclaredSizeIsStoppedWhileExtracting() throws {
        // Given a chapter of 20 MB whose headers claim 1,000 bytes
        let body = "<p>" + String(repeating: "中文", count: 3_500_000) + "</p>"
        let honest = try EPUBFixture.singleChapter(body).data()
        let lying = try RawZIP.patchingDeclaredSize(of: "OEBPS/text/ch1.xhtml", to: 1_000, in: honest)

        // When it is read, then extraction stops as soon as it passes the declared size
        let error = try #require(throws: EPUBError.self) { try EPUBBook.read(lying) }
        #expect(error == .declaredSizeExceeded(path: "OEBPS/text/ch1.xhtml"))
        #expect(error.isSafetyRefusal)
    }

    @Test(.timeLimit(.minutes(1)))
    func aTruncatedDeflateStreamIsDamagedNotAHang() throws {
        // Given a chapter whose deflate stream opens a 65,535-byte stored block and then ends
        // (ZIPFoundation 0.9.20's own extract spins forever on this on Linux)
        let truncated = RawZIP.Entry(
            name: "OEBPS/c.xhtml", method: 8, payload: [0x00, 0xFF, 0xFF, 0x00, 0x00, 0x61, 0x62, 0x63],
            declaredUncompressedSize: 100_000, checksum: 0)

        // When it is read, then the entry is reported damaged
        #expect(throws: EPUBError.damagedEntry(path: "OEBPS/c.xhtml")) {
            try EPUBBook.read(RawZIP.epub(chapter: truncated))
        }
    }

    @Test func aWrongChecksumIsDamage() throws {
        var entry = RawZIP.Entry.stored("OEBPS/c.xhtml", EPUBFixture.xhtml("<p>文字。</p>"))
        entry.checksum ^= 1
        #expect(throws: EPUBError.damagedEntry(path: "OEBPS/c.xhtml")) {
            try EPUBBook.read(RawZIP.epub(chapter: entry))
        }
    }

    @Test func aHandWrittenArchiveReads() throws {
        let entry = RawZIP.Entry.stored("OEBPS/c.xhtml", EPUBFixture.xhtml("<p>手写的。</p>"))
        #expect(try EPUBBook.read(RawZIP.epub(chapter: entry)).chapters.map(\.text) == ["手写的。"])
    }

    @Test func tooManyEntriesAreRefused() throws {
        var epub = EPUBFixture.chineseNovel()
        for index in 0..<20 { epub.add("OEBPS/extra/\(index).txt", "x") }
        let limits = EPUBLimits(maximumEntryCount: 15)
        #expect(throws: EPUBError.tooManyEntries(limit: 15)) { try EPUBBook.read(try epub.data(), limits: limits) }
        #expect(throws: Never.self) { try EPUBBook.read(try epub.data()) }
    }

    @Test func encryptedTextIsRefusedButObfuscatedFontsAreNot() throws {
        var epub = EPUBFixture.chineseNovel()
        let font = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
              xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>
            <enc:CipherData><enc:CipherReference URI="OEBPS/fonts/a.ttf"/></enc:CipherData></enc:EncryptedData>
            """
        epub.add("META-INF/encryption.xml", font + "</encryption>")
        #expect(throws: Never.self) { try EPUBBook.read(try epub.data()) }

        let text = """
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
            <enc:CipherData><enc:CipherReference URI="OEBPS/text/ch2.xhtml"/></enc:CipherData></enc:EncryptedData>
            """
        epub.add("META-INF/encryption.xml", font + text + "</encryption>")
        #expect(throws: EPUBError.encrypted) { try EPUBBook.read(try epub.data()) }
    }

    @Test func aBookWithoutTextIsRefused() throws {
        var epub = EPUBFixture.singleChapter("<div><img src=\"a.png\" alt=\"图\"/></div>\n  <p> &nbsp; </p>")
        #expect(throws: EPUBError.noText) { try EPUBBook.read(try epub.data()) }

        epub.add(
            "OEBPS/content.opf",
            EPUBFixture.package(items: [.init(id: "i", href: "a.png", mediaType: "image/png")], spine: ["i"]))
        #expect(throws: EPUBError.noText) { try EPUBBook.read(try epub.data()) }
    }

    @Test(
        "Every error explains itself",
        arguments: [
            (EPUBError.notZip, "The file is not an EPUB: it is not a readable ZIP archive."),
            (.missingContainer, "The EPUB has no META-INF/container.xml, so its contents cannot be found."),
            (.missingPackage, "The EPUB's package document (its .opf file) is missing."),
            (.invalidPackage("it has no spine"), "The EPUB's package document cannot be used: it has no spine."),
            (.unsafePath("../x"), "The EPUB refers to a file outside the book (../x), which is not allowed."),
            (.tooManyEntries(limit: 10_000), "The EPUB contains more than 10,000 files."),
            (.tooLarge(limit: 200 * 1_048_576), "The EPUB expands to more than 200 MB."),
            (.tooLarge(limit: 1_000), "The EPUB expands to more than 1000 bytes."),
            (
                .compressionRatio(path: "a.xhtml", limit: 100),
                "The file a.xhtml in the EPUB is compressed more than 100 to 1, which looks like a zip bomb."
            ),
            (
                .declaredSizeExceeded(path: "a.xhtml"),
                "The file a.xhtml in the EPUB expands to more than its header declares, which looks like a zip bomb."
            ),
            (.damagedEntry(path: "a.xhtml"), "The file a.xhtml in the EPUB is damaged."),
            (
                .unsupportedCompression(path: "a.xhtml"),
                "The file a.xhtml in the EPUB uses a compression method that is not supported."
            ),
            (.encrypted, "The EPUB is encrypted (protected by DRM), so its text cannot be read."),
            (.noText, "The EPUB contains no readable text."),
        ] as [(EPUBError, String)])
    func everyErrorExplainsItself(error: EPUBError, message: String) {
        #expect(error.description == message)
    }
}
