public import Foundation

/// The pre-built lexicon (`lexicon.bin`), mapped into memory.
///
/// The file is written by `scripts/build-data.py`, whose docstring is the format's reference:
/// a directory of sections (`META`, `STRS`, `ENTR`, `NODE`, `POST`, `PYIX`), each 8-byte aligned.
/// Nothing is parsed at load time beyond the directory, so the first lookup is answered within
/// milliseconds of process start. The mapping is read-only, which is what makes sharing it across
/// threads safe.
final class LexiconFile: @unchecked Sendable {
    struct Section {
        var offset: Int
        var length: Int
    }

    struct Metadata: Decodable {
        var formatVersion: Int
        var entryCount: Int
        var nodeCount: Int
        var postingCount: Int
        var totalFrequency: Double
        var sources: [String: String]
    }

    static let entryStride = 24
    static let nodeStride = 24

    let bytes: UnsafeRawBufferPointer
    /// The start of the mapping (`bytes.baseAddress`, never nil once mapped).
    let base: UnsafeRawPointer
    let metadata: Metadata
    let strings: Section
    let entries: Section
    let nodes: Section
    let postings: Section
    let pinyinIndex: Section

    init(contentsOf url: URL) throws {
        (base, bytes) = try Self.map(url)
        do {
            let directory = try Self.readDirectory(bytes, size: bytes.count, path: url.path)
            func section(_ tag: String) throws -> Section {
                guard let section = directory[tag] else {
                    throw ChineseTextDataError.malformed(url.path, "section \(tag) is missing")
                }
                return section
            }
            let meta = try section("META")
            let metaBytes = Data(UnsafeRawBufferPointer(rebasing: bytes[meta.offset..<meta.offset + meta.length]))
            metadata = try JSONDecoder().decode(Metadata.self, from: metaBytes)
            strings = try section("STRS")
            entries = try section("ENTR")
            nodes = try section("NODE")
            postings = try section("POST")
            pinyinIndex = try section("PYIX")
            guard entries.length == metadata.entryCount * Self.entryStride,
                nodes.length == metadata.nodeCount * Self.nodeStride,
                postings.length == metadata.postingCount * 4,
                pinyinIndex.length == metadata.entryCount * 4
            else {
                throw ChineseTextDataError.malformed(url.path, "section sizes disagree with META")
            }
        } catch {
            Self.unmap(bytes)
            throw error
        }
    }

    deinit {
        Self.unmap(bytes)
    }

    /// Maps the file read-only: pages are read on first touch, so opening costs microseconds and a
    /// lookup reads only the pages it needs. Falls back to reading the file where mapping fails.
    private static func map(_ url: URL) throws -> (UnsafeRawPointer, UnsafeRawBufferPointer) {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw ChineseTextDataError.missingFile(url.path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 16 else {
            throw ChineseTextDataError.malformed(url.path, "file is too short")
        }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw ChineseTextDataError.malformed(url.path, "cannot map the file into memory")
        }
        return (UnsafeRawPointer(address), UnsafeRawBufferPointer(start: address, count: size))
    }

    private static func unmap(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    private static func readDirectory(
        _ bytes: UnsafeRawBufferPointer, size: Int, path: String
    ) throws -> [String: Section] {
        guard size >= 16, bytes[0] == 0x55, bytes[1] == 0x4D, bytes[2] == 0x4C, bytes[3] == 0x58 else {
            throw ChineseTextDataError.malformed(path, "not a lexicon file (bad magic)")
        }
        let version = UInt32(littleEndian: bytes.load(fromByteOffset: 4, as: UInt32.self))
        guard version == 1 else {
            throw ChineseTextDataError.malformed(path, "format version \(version) is not supported")
        }
        let count = Int(UInt32(littleEndian: bytes.load(fromByteOffset: 8, as: UInt32.self)))
        guard 16 + count * 16 <= size else {
            throw ChineseTextDataError.malformed(path, "truncated directory")
        }
        var directory: [String: Section] = [:]
        for index in 0..<count {
            let base = 16 + index * 16
            let tag = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[base..<base + 4]), as: UTF8.self)
            let offset = Int(UInt32(littleEndian: bytes.load(fromByteOffset: base + 4, as: UInt32.self)))
            let length = Int(UInt32(littleEndian: bytes.load(fromByteOffset: base + 8, as: UInt32.self)))
            guard offset % 4 == 0, offset + length <= size else {
                throw ChineseTextDataError.malformed(path, "section \(tag) lies outside the file")
            }
            directory[tag] = Section(offset: offset, length: length)
        }
        return directory
    }

    @inline(__always)
    func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.load(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: bytes.load(fromByteOffset: offset, as: UInt16.self))
    }

    /// The UTF-8 bytes at `offset ..< offset + length` of the string blob.
    @inline(__always)
    func stringBytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        let start = strings.offset + offset
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
    }

    func string(_ offset: Int, _ length: Int) -> String {
        String(decoding: stringBytes(offset, length), as: UTF8.self)
    }

    // MARK: Entries

    var entryCount: Int { metadata.entryCount }

    func entryFields(_ index: Int) -> (traditional: String, simplified: String, pinyin: String, senses: String) {
        let base = entries.offset + index * Self.entryStride
        let traditionalLength = Int(bytes[base + 16])
        let simplifiedLength = Int(bytes[base + 17])
        let pinyinLength = Int(u16(base + 18))
        let sensesLength = Int(u32(base + 20))
        return (
            string(Int(u32(base)), traditionalLength),
            string(Int(u32(base + 4)), simplifiedLength),
            string(Int(u32(base + 8)), pinyinLength),
            string(Int(u32(base + 12)), sensesLength)
        )
    }

    func simplifiedBytes(ofEntry index: Int) -> UnsafeRawBufferPointer {
        let base = entries.offset + index * Self.entryStride
        return stringBytes(Int(u32(base + 4)), Int(bytes[base + 17]))
    }

    func pinyinBytes(ofEntry index: Int) -> UnsafeRawBufferPointer {
        let base = entries.offset + index * Self.entryStride
        return stringBytes(Int(u32(base + 8)), Int(u16(base + 18)))
    }

    func sensesBytes(ofEntry index: Int) -> UnsafeRawBufferPointer {
        let base = entries.offset + index * Self.entryStride
        return stringBytes(Int(u32(base + 12)), Int(u32(base + 20)))
    }

    // MARK: Trie

    var nodeCount: Int { metadata.nodeCount }

    @inline(__always) func nodeScalar(_ node: Int) -> UInt32 { u32(nodes.offset + node * Self.nodeStride) }
    @inline(__always) func nodeFirstChild(_ node: Int) -> Int { Int(u32(nodes.offset + node * Self.nodeStride + 4)) }
    @inline(__always) func nodeChildCount(_ node: Int) -> Int { Int(u32(nodes.offset + node * Self.nodeStride + 8)) }
    @inline(__always) func nodeFrequency(_ node: Int) -> UInt32 { u32(nodes.offset + node * Self.nodeStride + 12) }
    @inline(__always) func nodePostingStart(_ node: Int) -> Int {
        Int(u32(nodes.offset + node * Self.nodeStride + 16))
    }
    @inline(__always) func nodePostingCount(_ node: Int) -> Int {
        Int(u32(nodes.offset + node * Self.nodeStride + 20))
    }

    /// The child of `node` labelled `scalar`, by binary search over the sorted children.
    @inline(__always)
    func child(of node: Int, _ scalar: UInt32) -> Int? {
        var low = nodeFirstChild(node)
        var high = low + nodeChildCount(node)
        while low < high {
            let middle = (low + high) >> 1
            let value = nodeScalar(middle)
            if value == scalar { return middle }
            if value < scalar { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The trie node for `word`, if the word is a path in the trie.
    func node(for word: some StringProtocol) -> Int? {
        var node = 0
        for scalar in word.unicodeScalars {
            guard let next = child(of: node, scalar.value) else { return nil }
            node = next
        }
        return node
    }

    func posting(_ index: Int) -> Int { Int(u32(postings.offset + index * 4)) }

    /// Entry indices for the headword at `node`, best first.
    func entryIndices(atNode node: Int) -> [Int] {
        let start = nodePostingStart(node)
        return (0..<nodePostingCount(node)).map { posting(start + $0) }
    }

    func pinyinIndexEntry(_ position: Int) -> Int { Int(u32(pinyinIndex.offset + position * 4)) }
}
