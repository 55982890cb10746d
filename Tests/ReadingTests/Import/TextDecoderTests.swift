import Foundation
import Testing

@testable import Reading

@Suite("TextDecoder")
struct TextDecoderTests {
    /// Bytes and the text they must decode to. The GB18030 bytes were produced by Python 3's codec
    /// (`text.encode("gb18030")`), not by the code under test.
    struct Fixture: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var text: String

        var testDescription: String { name }
    }

    static let fixtures: [Fixture] = [
        Fixture(name: "ASCII", bytes: Array("Hello, world".utf8), text: "Hello, world"),
        Fixture(name: "UTF-8", bytes: Array("中文 and 𠀀".utf8), text: "中文 and 𠀀"),
        Fixture(name: "UTF-8 with BOM", bytes: [0xEF, 0xBB, 0xBF] + Array("中文".utf8), text: "中文"),
        Fixture(name: "UTF-16 LE with BOM", bytes: [0xFF, 0xFE, 0x2D, 0x4E, 0x87, 0x65], text: "中文"),
        Fixture(name: "UTF-16 BE with BOM", bytes: [0xFE, 0xFF, 0x4E, 0x2D, 0x65, 0x87], text: "中文"),
        Fixture(
            name: "UTF-16 LE surrogate pair", bytes: [0xFF, 0xFE, 0x2D, 0x4E, 0x40, 0xD8, 0x00, 0xDC], text: "中𠀀"),
        Fixture(
            name: "UTF-32 LE with BOM",
            bytes: [0xFF, 0xFE, 0x00, 0x00, 0x2D, 0x4E, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00], text: "中𠀀"),
        Fixture(
            name: "UTF-32 BE with BOM",
            bytes: [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x4E, 0x2D, 0x00, 0x02, 0x00, 0x00], text: "中𠀀"),
        Fixture(name: "GB18030 two-byte (中文)", bytes: [0xD6, 0xD0, 0xCE, 0xC4], text: "中文"),
        Fixture(name: "GBK (你好)", bytes: [0xC4, 0xE3, 0xBA, 0xC3], text: "你好"),
        Fixture(name: "GB18030 after ASCII", bytes: [0x41, 0x42, 0x43, 0xD6, 0xD0], text: "ABC中"),
        Fixture(
            name: "GB18030 traditional and simplified",
            bytes: [0xB7, 0xB1, 0xF3, 0x77, 0xD7, 0xD6, 0xC5, 0x63, 0xBC, 0xF2, 0xCC, 0xE5, 0xD7, 0xD6],
            text: "繁體字與简体字"),
        Fixture(name: "GB18030 four-byte supplementary (𠀀)", bytes: [0x95, 0x32, 0x82, 0x36], text: "𠀀"),
        Fixture(
            name: "GB18030 four-byte BMP (À 한 ☺)",
            bytes: [0x81, 0x30, 0x86, 0x38, 0x83, 0x36, 0x84, 0x33, 0x81, 0x37, 0xA8, 0x32], text: "À한☺"),
        Fixture(name: "GB18030 é and €", bytes: [0xA8, 0xA6, 0xA2, 0xE3], text: "é€"),
        Fixture(
            name: "GB18030 sentence with CRLF",
            bytes: [
                0xCE, 0xD2, 0xC3, 0xC7, 0xD2, 0xBB, 0xC6, 0xF0, 0xD1, 0xA7, 0xCF, 0xB0, 0xD6, 0xD0, 0xCE, 0xC4, 0xA3,
                0xAC, 0xBA, 0xC3, 0xC2, 0xF0, 0xA3, 0xBF, 0x0D, 0x0A, 0xB5, 0xDA, 0xB6, 0xFE, 0xD0, 0xD0, 0xA1, 0xA3,
            ],
            text: "我们一起学习中文，好吗？\n第二行。"),
    ]

    @Test("Decodes each encoding", arguments: fixtures)
    func decodesEachEncoding(fixture: Fixture) throws {
        #expect(try TextDecoder.decode(Data(fixture.bytes)) == fixture.text)
    }

    // MARK: - Foundation's GB18030 against the byte structure this decoder checks

    @Test func everyTwoByteGB18030CodeDecodesToOneCharacter() throws {
        // Given all 23,940 two-byte codes, each after a newline so that no two of them combine
        var bytes: [UInt8] = []
        for lead in UInt8(0x81)...0xFE {
            for trail in Array(UInt8(0x40)...0x7E) + Array(UInt8(0x80)...0xFE) { bytes += [0x0A, lead, trail] }
        }

        // When they are decoded, then each is one scalar (so the structure check and Foundation agree)
        let scalars = try TextDecoder.decode(Data(bytes)).unicodeScalars.filter { $0 != "\n" }
        #expect(scalars.count == 23_940)
        #expect(scalars.allSatisfy { $0.value >= 0x80 })
    }

    @Test func fourByteBMPCodesDecodeInCodePointOrder() throws {
        // Given every four-byte code of the BMP range (81 30 81 30 … 84 31 A4 39)
        var bytes: [UInt8] = []
        for linear in 0...39_419 { bytes += Self.fourByteCode(linear) }

        // When decoded, then each is one BMP scalar, in increasing order, ending at U+FFFF
        let scalars = Array(try TextDecoder.decode(Data(bytes)).unicodeScalars)
        #expect(scalars.count == 39_420)
        #expect(scalars.first == "\u{0080}")
        #expect(scalars.last == "\u{FFFF}")
        // GB18030-2022 (ICU) moved ḿ: 81 35 F4 37 became U+E7C7, the one exception to the order;
        // U+2028 and U+2029 came out as line feeds.
        let ordered = scalars.filter { $0 != "\u{1E3F}" && $0 != "\u{E7C7}" && $0 != "\n" }
        #expect(ordered.count == 39_417)
        #expect(zip(ordered, ordered.dropFirst()).allSatisfy { $0.value < $1.value })
    }

    @Test("Four-byte supplementary codes map linearly", arguments: [0, 1, 12_345, 500_000, 1_048_575])
    func fourByteSupplementaryCodesMapLinearly(offset: Int) throws {
        let text = try TextDecoder.decode(Data(Self.fourByteCode(189_000 + offset)))
        #expect(text.unicodeScalars.map(\.value) == [UInt32(0x10000 + offset)])
    }

    /// The four GB18030 bytes with the given linear index (81 30 81 30 is 0).
    private static func fourByteCode(_ linear: Int) -> [UInt8] {
        [
            UInt8(0x81 + linear / 12_600), UInt8(0x30 + linear / 1_260 % 10), UInt8(0x81 + linear / 10 % 126),
            UInt8(0x30 + linear % 10),
        ]
    }

    @Test(
        "Line breaks become LF",
        arguments: [
            ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\n\rb", "a\n\nb"), ("a\r\n\r\nb", "a\n\nb"),
            ("a\u{2028}b\u{2029}c", "a\nb\nc"), ("end\r", "end\n"),
        ])
    func lineBreaksBecomeLineFeeds(input: String, expected: String) throws {
        #expect(try TextDecoder.decode(Data(input.utf8)) == expected)
    }

    @Test func utf16LineBreaksAreNormalisedToo() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("一\r\n二".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try TextDecoder.decode(Data(bytes)) == "一\n二")
    }

    @Test func largeGB18030TextDecodesCompletely() throws {
        // Given 20,000 repetitions of a GB18030 line (about 700 KB)
        let line: [UInt8] = [0xD6, 0xD0, 0xCE, 0xC4, 0xA3, 0xAC, 0xC4, 0xE3, 0xBA, 0xC3, 0xA1, 0xA3, 0x0D, 0x0A]
        let bytes = Array([[UInt8]](repeating: line, count: 20_000).joined())

        // When it is decoded
        let text = try TextDecoder.decode(Data(bytes))

        // Then every line is there, with LF line breaks
        #expect(text.count == 20_000 * 7)
        #expect(text.hasPrefix("中文，你好。\n中文"))
        #expect(!text.contains("\r"))
    }

    @Test("Empty input is refused", arguments: [[], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] as [[UInt8]])
    func emptyInputIsRefused(bytes: [UInt8]) {
        #expect(throws: ImportError.empty) { try TextDecoder.decode(Data(bytes)) }
    }

    @Test(
        "Binary data is refused",
        arguments: [
            [0x41, 0x00, 0x42], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D],
            [0xFF, 0xFE, 0x41, 0x00, 0x00, 0x00], Array("text\u{1}\u{2}\u{3}\u{4}".utf8),
        ] as [[UInt8]])
    func binaryDataIsRefused(bytes: [UInt8]) {
        #expect(throws: ImportError.notText) { try TextDecoder.decode(Data(bytes)) }
    }

    @Test func aLoneTabOrFormFeedIsStillText() throws {
        #expect(try TextDecoder.decode(Data("第一页\u{000C}第二页\tend".utf8)) == "第一页\u{000C}第二页\tend")
    }

    @Test(
        "Undecodable bytes report the first bad offset",
        arguments: [
            // 0xFF is never valid in UTF-8 or GB18030; the GB18030 text before it decodes.
            ([0xD6, 0xD0, 0xCE, 0xC4, 0xFF], 4),
            // UTF-8 Chinese with one damaged byte: reported, not decoded as GB18030 mojibake.
            (Array("中文中文".utf8) + [0x80] + Array("好".utf8), 12),
            // UTF-8 cut off in the middle of its last character.
            (Array("我们一起学习".utf8) + [0xE4, 0xB8], 18),
            // A GB18030 lead byte cut off at the end.
            ([0x41, 0xD6, 0xD0, 0xD6], 3),
            // A four-byte sequence past U+10FFFF.
            ([0xD6, 0xD0, 0xE3, 0x32, 0x9A, 0x36], 2),
            // A four-byte sequence in the unassigned gap between the BMP and supplementary ranges.
            ([0xD6, 0xD0, 0x84, 0x31, 0xA5, 0x30], 2),
        ] as [([UInt8], Int)])
    func undecodableBytesReportTheFirstBadOffset(bytes: [UInt8], offset: Int) {
        #expect(throws: ImportError.undecodable(offset: offset)) { try TextDecoder.decode(Data(bytes)) }
    }

    @Test(
        "Broken UTF-16 and UTF-32 are refused",
        arguments: [
            ([0xFF, 0xFE, 0x00, 0xDC, 0x41, 0x00], 2),  // lone low surrogate
            ([0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8], 4),  // high surrogate at the end
            ([0xFE, 0xFF, 0x00, 0x41, 0x00], 4),  // odd length
            ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x11, 0x00, 0x00], 4),  // beyond U+10FFFF
        ] as [([UInt8], Int)])
    func brokenUTF16AndUTF32AreRefused(bytes: [UInt8], offset: Int) {
        #expect(throws: ImportError.undecodable(offset: offset)) { try TextDecoder.decode(Data(bytes)) }
    }

    @Test(
        "Ill-formed UTF-8 is found at its first byte",
        arguments: [
            ([0xC0, 0x80], 0),  // overlong NUL
            ([0x41, 0xE0, 0x80, 0x80], 1),  // overlong three-byte
            ([0x41, 0x42, 0xED, 0xA0, 0x80], 2),  // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),  // beyond U+10FFFF
            ([0x41, 0xE4, 0xB8], 1),  // cut off
            ([0x41, 0x42, 0x43, 0x80], 3),  // stray continuation
        ] as [([UInt8], Int)])
    func illFormedUTF8IsFoundAtItsFirstByte(bytes: [UInt8], offset: Int) {
        #expect(TextDecoder.firstInvalidUTF8(in: bytes, from: 0) == offset)
    }

    @Test func byteLimitIsCheckedFirst() throws {
        let data = Data("一二三四五".utf8)
        #expect(throws: ImportError.tooLarge(limit: 10)) { try TextDecoder.decode(data, byteLimit: 10) }
        #expect(try TextDecoder.decode(data, byteLimit: 15) == "一二三四五")
    }

    @Test func gb18030LeadingByteOrderMarkIsDropped() throws {
        // 0x84 0x31 0x95 0x33 is U+FEFF in GB18030.
        #expect(try TextDecoder.decode(Data([0x84, 0x31, 0x95, 0x33, 0xD6, 0xD0])) == "中")
    }

    @Test(
        "Every error explains itself",
        arguments: [
            (ImportError.empty, "The file is empty."),
            (.tooLarge(limit: 10 * 1_048_576), "The file is too large: the limit is 10 MB."),
            (.tooLarge(limit: 1536), "The file is too large: the limit is 1.5 KB."),
            (
                .undecodable(offset: 1234),
                "The file is not valid UTF-8, UTF-16 or GB18030 text (first bad byte at offset 1234)."
            ),
            (.notText, "The file looks like binary data, not text."),
            (.invalidEPUB("it has no spine."), "The file is not a readable EPUB: it has no spine."),
            (.unsafeArchive("it is a zip bomb."), "The EPUB was refused because it is unsafe: it is a zip bomb."),
            (.noText, "No readable text was found in the file."),
            (.titleMissing, "The book needs a title."),
            (.titleTooLong(limit: 200), "The title is too long: at most 200 characters are allowed."),
        ] as [(ImportError, String)])
    func everyErrorExplainsItself(error: ImportError, message: String) {
        #expect(error.description == message)
    }
}
