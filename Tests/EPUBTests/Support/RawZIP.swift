import Foundation
import ZIPFoundation

/// ZIP bytes written by hand, for archives no well-behaved writer produces: truncated deflate
/// streams, sizes that lie, names that escape.
enum RawZIP {
    /// An entry as it will be written: its name, method (0 stored, 8 deflate), the bytes stored
    /// after the local header, and the sizes and checksum the headers declare.
    struct Entry {
        var name: String
        var method: UInt16 = 0
        var payload: [UInt8]
        var declaredUncompressedSize: UInt32
        var checksum: UInt32

        /// A stored entry with truthful headers.
        static func stored(_ name: String, _ text: String) -> Entry {
            let bytes = Array(text.utf8)
            return Entry(
                name: name, payload: bytes, declaredUncompressedSize: UInt32(bytes.count),
                checksum: Data(bytes).crc32(checksum: 0))
        }
    }

    /// The archive: local headers and data, central directory, end record.
    static func archive(_ entries: [Entry]) -> Data {
        var bytes: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let offset = UInt32(bytes.count)
            bytes += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(entry.method) + le16(0) + le16(0x21)
            bytes += le32(entry.checksum) + le32(UInt32(entry.payload.count)) + le32(entry.declaredUncompressedSize)
            bytes += le16(UInt16(name.count)) + le16(0) + name + entry.payload
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0x0800) + le16(entry.method) + le16(0)
            directory += le16(0x21) + le32(entry.checksum) + le32(UInt32(entry.payload.count))
            directory += le32(entry.declaredUncompressedSize) + le16(UInt16(name.count)) + le16(0) + le16(0)
            directory += le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(bytes.count)
        bytes += directory
        bytes += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        bytes += le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return Data(bytes)
    }

    /// A minimal valid EPUB skeleton (container and package) whose one chapter is `chapter`.
    static func epub(chapter: Entry) -> Data {
        archive([
            .stored("mimetype", "application/epub+zip"),
            .stored("META-INF/container.xml", EPUBFixture.container()),
            .stored(
                "OEBPS/content.opf",
                EPUBFixture.package(items: [EPUBFixture.Item(id: "c", href: "c.xhtml")], spine: ["c"])),
            chapter,
        ])
    }

    /// `data` with the uncompressed size of the entry `name` set to `size` in both of its headers.
    static func patchingDeclaredSize(of name: String, to size: UInt32, in data: Data) throws -> Data {
        var bytes = [UInt8](data)
        let name = Array(name.utf8)
        var patched = 0
        for (signature, nameOffset, sizeOffset) in [(0x0403_4B50, 30, 22), (0x0201_4B50, 46, 24)]
            as [(UInt32, Int, Int)]
        {
            var position = 0
            while position + nameOffset + name.count <= bytes.count {
                if Array(bytes[position..<position + 4]) == le32(signature),
                    Array(bytes[position + nameOffset..<position + nameOffset + name.count]) == name
                {
                    bytes.replaceSubrange(position + sizeOffset..<position + sizeOffset + 4, with: le32(size))
                    patched += 1
                    break
                }
                position += 1
            }
        }
        guard patched == 2 else { throw EPUBFixture.FixtureError.entryNotFound(String(decoding: name, as: UTF8.self)) }
        return Data(bytes)
    }

    private static func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
