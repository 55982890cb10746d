import Testing

@testable import EPUB

@Suite("ArchivePath")
struct ArchivePathTests {
    @Test(
        "Links resolve against their document",
        arguments: [
            ("ch1.xhtml", "OEBPS/content.opf", "OEBPS/ch1.xhtml"),
            ("../Text/ch1.xhtml", "OEBPS/opf/content.opf", "OEBPS/Text/ch1.xhtml"),
            ("ch1.xhtml#part2", "OEBPS/content.opf", "OEBPS/ch1.xhtml"),
            ("ch1.xhtml?x=1", "OEBPS/content.opf", "OEBPS/ch1.xhtml"),
            ("a%20b.xhtml", "OEBPS/content.opf", "OEBPS/a b.xhtml"),
            ("./a/./b/../c.xhtml", "OEBPS/content.opf", "OEBPS/a/c.xhtml"),
            ("x//y.xhtml", "content.opf", "x/y.xhtml"),
            ("OEBPS/content.opf", "", "OEBPS/content.opf"),
            ("../ch.xhtml", "OEBPS/content.opf", "ch.xhtml"),
        ])
    func linksResolveAgainstTheirDocument(href: String, document: String, path: String) throws {
        #expect(try ArchivePath.resolve(href, from: document) == path)
    }

    @Test(
        "Links outside the archive are not files",
        arguments: ["#note", "", "  ", "http://example.com/a.xhtml", "mailto:a@b.c", "data:text/plain,hi"])
    func linksOutsideTheArchiveAreNotFiles(href: String) throws {
        #expect(try ArchivePath.resolve(href, from: "OEBPS/content.opf") == nil)
    }

    @Test(
        "Links escaping the archive are unsafe",
        arguments: [
            "../../x.xhtml", "/etc/passwd", "\\windows\\x", "C:\\x", "c:/x", "%2e%2e/%2e%2e/x", "a/../../../x",
            "..\\..\\x",
        ])
    func linksEscapingTheArchiveAreUnsafe(href: String) {
        #expect(throws: EPUBError.unsafePath(href)) { try ArchivePath.resolve(href, from: "OEBPS/content.opf") }
    }

    @Test(
        "Entry names are normalised",
        arguments: [
            ("a/./b//c", "a/b/c"), ("a/../b", "b"), ("META-INF/container.xml", "META-INF/container.xml"),
            ("dir/", "dir"),
        ])
    func entryNamesAreNormalised(name: String, path: String) throws {
        #expect(try ArchivePath.normalizedEntryName(name) == path)
    }

    @Test(
        "Entry names escaping the archive are unsafe",
        arguments: ["../x", "/x", "\\x", "a/../../x", "D:x", "a\0b", "..\\x"])
    func entryNamesEscapingTheArchiveAreUnsafe(name: String) {
        #expect(throws: EPUBError.unsafePath(name)) { try ArchivePath.normalizedEntryName(name) }
    }
}
