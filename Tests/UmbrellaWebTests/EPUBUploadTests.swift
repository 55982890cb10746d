import Foundation
import Testing
import UmbrellaAPI
import Vapor
import VaporTesting
import ZIPFoundation

@testable import UmbrellaWeb

@Suite struct EPUBUploadTests {
    /// A minimal EPUB: `chapters` in spine order, each `(file name, XHTML body)`.
    func epub(
        _ chapters: [(String, String)], spineOverride: [String]? = nil, extra: [(String, Data)] = []
    ) throws
        -> Data
    {
        let archive = try Archive(accessMode: .create)
        func add(_ path: String, _ data: Data, compress: Bool = true) throws {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: compress ? .deflate : .none,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        try add("mimetype", Data("application/epub+zip".utf8), compress: false)
        try add(
            "META-INF/container.xml",
            Data(
                """
                <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
                <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>\
                </rootfiles></container>
                """.utf8))
        let hrefs = spineOverride ?? chapters.map(\.0)
        let manifest = hrefs.enumerated().map {
            "<item id=\"c\($0.offset)\" href=\"\($0.element)\" media-type=\"application/xhtml+xml\"/>"
        }.joined()
        let spine = hrefs.indices.map { "<itemref idref=\"c\($0)\"/>" }.joined()
        try add(
            "OEBPS/content.opf",
            Data(
                """
                <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">\
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>月亮的故事</dc:title>\
                <dc:creator>李白</dc:creator></metadata><manifest>\(manifest)</manifest><spine>\(spine)</spine></package>
                """.utf8))
        for (name, body) in chapters {
            try add(
                "OEBPS/\(name)",
                Data(
                    "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>"
                        .utf8))
        }
        for (path, data) in extra { try add(path, data) }
        return try #require(archive.data)
    }

    func upload(_ app: Application, _ data: Data, title: String = "") async throws -> TestingHTTPResponse {
        var form = MultipartBody(fields: [("title", title)])
        form.file = ("file", "book.epub", "application/epub+zip", data)
        return try await app.send(.POST, "/api/v1/books/upload", headers: form.headers, body: form.buffer)
    }

    @Test func epubChaptersBecomePagesWithTheirTitles() async throws {
        try await withTestApp(seedStarter: false) { app in
            let data = try epub([
                ("one.xhtml", "<h1>第一章</h1><p>月亮在天空中。</p><script>alert(1)</script>"),
                ("two.xhtml", "<h1>第二章</h1><p>星星很亮。&lt;b&gt;</p>"),
            ])
            let response = try await upload(app, data)
            #expect(response.status == .created, "\(response.text)")
            let book = try response.json(BookDTO.self)
            #expect(book.title == "月亮的故事")
            #expect(book.author == "李白")
            #expect(book.pageCount == 2)
            let second = try await app.send(.GET, "/api/v1/books/\(book.id)/pages/2").json(PageDTO.self)
            #expect(second.chapterTitle == "第二章")
            #expect(second.text.contains("<b>"))
            let html = try await app.send(.GET, "/books/\(book.id)").text
            #expect(!html.contains("alert(1)"))
            #expect(html.contains("&lt;b&gt;"))
        }
    }

    @Test func zipBombAndPathTraversalAreRefusedAndNothingIsWritten() async throws {
        try await withTestApp(seedStarter: false) { app in
            let bomb = try epub(
                [("one.xhtml", "<p>你好。</p>")], extra: [("OEBPS/zeros.bin", Data(count: 120 * 1_048_576))])
            let bombResponse = try await upload(app, bomb, title: "bomb")
            #expect(bombResponse.status == .unprocessableEntity)
            #expect(try bombResponse.json(ErrorDTO.self).error == "unsafeArchive")

            let traversal = try epub([("one.xhtml", "<p>你好。</p>")], spineOverride: ["../../../etc/passwd"])
            let traversalResponse = try await upload(app, traversal, title: "escape")
            #expect(traversalResponse.status == .unprocessableEntity)

            let notZip = try await upload(app, Data("PK\u{3}\u{4}garbage".utf8), title: "broken")
            #expect(notZip.status == .unprocessableEntity)
            #expect(try await app.send(.GET, "/api/v1/books").json([BookDTO].self).isEmpty)
        }
    }
}
