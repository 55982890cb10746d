import Foundation
import ZIPFoundation

/// An EPUB built in memory for a test: files added by path, zipped with ZIPFoundation.
struct EPUBFixture {
    /// A file of the archive.
    struct File {
        var path: String
        var contents: Data
        var compressed: Bool
    }

    private(set) var files: [File] = []

    /// Adds (or replaces) a text file, deflated unless `compressed` is false.
    mutating func add(_ path: String, _ text: String, compressed: Bool = true) {
        add(path, Data(text.utf8), compressed: compressed)
    }

    /// Adds (or replaces) a file, deflated unless `compressed` is false.
    mutating func add(_ path: String, _ contents: Data, compressed: Bool = true) {
        files.removeAll { $0.path == path }
        files.append(File(path: path, contents: contents, compressed: compressed))
    }

    /// Removes a file.
    mutating func remove(_ path: String) {
        files.removeAll { $0.path == path }
    }

    /// The zipped archive, `mimetype` first and stored as EPUB requires.
    func data() throws -> Data {
        let archive = try Archive(accessMode: .create)
        let ordered = files.filter { $0.path == "mimetype" } + files.filter { $0.path != "mimetype" }
        for file in ordered {
            let contents = file.contents
            try archive.addEntry(
                with: file.path, type: .file, uncompressedSize: Int64(contents.count),
                compressionMethod: file.compressed ? .deflate : .none,
                provider: { position, size in contents.subdata(in: Int(position)..<Int(position) + size) })
        }
        guard let data = archive.data else { throw FixtureError.noArchiveData }
        return data
    }

    enum FixtureError: Error {
        case noArchiveData
        case entryNotFound(String)
    }

    // MARK: - Documents

    /// `META-INF/container.xml` naming the package document at `packagePath`.
    static func container(packagePath: String = "OEBPS/content.opf") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>
        """
    }

    /// A manifest item of a package document.
    struct Item {
        var id: String
        var href: String
        var mediaType = "application/xhtml+xml"
        var properties: String?
    }

    /// A package document with the given metadata, manifest and spine.
    static func package(
        title: String? = "测试之书", creators: [String] = ["作者甲"], items: [Item], spine: [String],
        ncxID: String? = nil
    ) -> String {
        let titleElement = title.map { "<dc:title>\($0)</dc:title>" } ?? ""
        let creatorElements = creators.map { "<dc:creator opf:role=\"aut\">\($0)</dc:creator>" }.joined()
        let itemElements = items.map { item in
            let properties = item.properties.map { " properties=\"\($0)\"" } ?? ""
            return "<item id=\"\(item.id)\" href=\"\(item.href)\" media-type=\"\(item.mediaType)\"\(properties)/>"
        }.joined(separator: "\n    ")
        let toc = ncxID.map { " toc=\"\($0)\"" } ?? ""
        let itemrefs = spine.map { "<itemref idref=\"\($0)\"/>" }.joined(separator: "\n    ")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
                <dc:identifier id="id">urn:uuid:0</dc:identifier>
                \(titleElement)
                \(creatorElements)
                <dc:language>zh</dc:language>
              </metadata>
              <manifest>
                \(itemElements)
              </manifest>
              <spine\(toc)>
                \(itemrefs)
              </spine>
            </package>
            """
    }

    /// An XHTML document with `body` as its body.
    static func xhtml(_ body: String, headTitle: String = "不是标题") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>\(headTitle)</title><link rel="stylesheet" href="style.css"/></head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// An EPUB 3 navigation document linking `links` (href, title).
    static func navigation(_ links: [(String, String)]) -> String {
        let items = links.map { "<li><a href=\"\($0.0)\">\($0.1)</a></li>" }.joined(separator: "\n")
        return xhtml(
            """
            <nav epub:type="landmarks"><ol><li><a href="text/ch1.xhtml">不是目录</a></li></ol></nav>
            <nav epub:type="toc" id="toc"><h1>目录</h1><ol>
            \(items)
            </ol></nav>
            """)
    }

    /// An EPUB 2 NCX with one navPoint per (src, label).
    static func ncx(_ points: [(String, String)]) -> String {
        let navPoints = points.enumerated().map { index, point in
            """
            <navPoint id="p\(index)" playOrder="\(index + 1)">
              <navLabel><text>\(point.1)</text></navLabel>
              <content src="\(point.0)"/>
            </navPoint>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
              <docTitle><text>书</text></docTitle>
              <navMap>\(navPoints)</navMap>
            </ncx>
            """
    }

    // MARK: - Ready-made books

    /// A three-chapter EPUB 3 in Chinese with a navigation document and a cover page without text.
    static func chineseNovel() -> EPUBFixture {
        var epub = EPUBFixture()
        epub.add("mimetype", "application/epub+zip", compressed: false)
        epub.add("META-INF/container.xml", container())
        epub.add(
            "OEBPS/content.opf",
            package(
                title: "春天的故事", creators: ["李明", "王芳"],
                items: [
                    Item(id: "nav", href: "nav.xhtml", properties: "nav"),
                    Item(id: "cover", href: "text/cover.xhtml"),
                    Item(id: "ch1", href: "text/ch1.xhtml"),
                    Item(id: "ch2", href: "text/ch2.xhtml"),
                    Item(id: "ch3", href: "text/ch3.xhtml"),
                    Item(id: "img", href: "images/cover.jpg", mediaType: "image/jpeg"),
                    Item(id: "css", href: "style.css", mediaType: "text/css"),
                ],
                spine: ["cover", "ch1", "ch2", "ch3"]))
        epub.add(
            "OEBPS/nav.xhtml",
            navigation([
                ("text/ch1.xhtml", "第一章 春天来了"), ("text/ch2.xhtml#start", "第二章 去公园"),
                ("text/ch3.xhtml", "第三章 回家"),
            ]))
        epub.add("OEBPS/text/cover.xhtml", xhtml("<div><img src=\"../images/cover.jpg\" alt=\"封面\"/></div>"))
        epub.add(
            "OEBPS/text/ch1.xhtml",
            xhtml("<h1>第一章 春天来了</h1>\n<p>春天来了，天气很好。</p>\n<p>小明和妈妈一起去买花。</p>"))
        epub.add(
            "OEBPS/text/ch2.xhtml",
            xhtml("<h2 id=\"start\">第二章 去公园</h2><p>公园里有很多人。</p><p>他们在湖边<br/>喝茶。</p>"))
        epub.add("OEBPS/text/ch3.xhtml", xhtml("<h2>第三章 回家</h2><p>天黑了，大家都回家了。</p>"))
        epub.add("OEBPS/style.css", "p { margin: 0 }")
        epub.add("OEBPS/images/cover.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]), compressed: false)
        return epub
    }

    /// A one-chapter EPUB whose chapter body is `body`.
    static func singleChapter(_ body: String, file: String = "text/ch1.xhtml") -> EPUBFixture {
        var epub = EPUBFixture()
        epub.add("mimetype", "application/epub+zip", compressed: false)
        epub.add("META-INF/container.xml", container())
        epub.add("OEBPS/content.opf", package(items: [Item(id: "ch1", href: file)], spine: ["ch1"]))
        epub.add("OEBPS/\(file)", xhtml(body))
        return epub
    }
}
