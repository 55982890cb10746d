import Foundation
import ZIPFoundation

/// An EPUB's ZIP archive, read in memory with every limit enforced.
///
/// The central directory is read here, bounds-checked, so each entry's name is checked for safety
/// and its declared sizes against `EPUBLimits` before anything is inflated. Inflating uses
/// ZIPFoundation's `Data.decompress` with a provider that serves exactly the entry's compressed
/// bytes and throws when they run out: ZIPFoundation 0.9.20's own `Archive.extract` spins forever
/// on Linux when a deflate stream is cut short (and can read past a short last chunk). The
/// consumer counts the bytes produced and stops at the declared size and the total limit, so a
/// lying header cannot make the extraction run away. Nothing is written to disk.
struct EPUBArchive {
    /// An entry of the central directory.
    struct Entry {
        /// The entry's name as stored.
        var name: String
        /// The general-purpose flags (bit 0: encrypted).
        var flags: UInt16
        /// The compression method: 0 stored, 8 deflate.
        var method: UInt16
        /// The declared CRC-32 of the uncompressed bytes.
        var checksum: UInt32
        /// The declared sizes, from the ZIP64 extra field when the 32-bit fields overflow.
        var compressedSize: Int
        var uncompressedSize: Int
        /// Where the entry's local header starts.
        var localHeaderOffset: Int

        /// Whether the entry is encrypted (ZIP's traditional or strong encryption).
        var isEncrypted: Bool { flags & 1 != 0 }
    }

    /// The archive's bytes.
    private let bytes: [UInt8]
    /// The file entries by normalised path.
    private let entries: [String: Entry]
    /// The normalised paths by their lowercased form, for links with the wrong case.
    private let pathsByLowercasedPath: [String: String]
    private let limits: EPUBLimits
    /// Bytes produced by extraction so far, over all entries.
    private(set) var extractedByteCount = 0

    /// The size of a deflate chunk handed to the inflater and of its output buffer.
    private static let chunkSize = 32 * 1024

    /// Reads the archive's central directory and checks it against `limits`.
    ///
    /// - Throws: `EPUBError.notZip` when there is no readable directory, `.tooManyEntries`,
    ///   `.unsafePath` for an entry leading outside the archive, `.tooLarge` when the declared sizes
    ///   add up to more than the limit, `.compressionRatio` for a large entry compressed too well.
    init(data: Data, limits: EPUBLimits) throws(EPUBError) {
        bytes = [UInt8](data)
        self.limits = limits
        let directory = try Self.centralDirectory(in: bytes, limits: limits)
        var entries: [String: Entry] = [:]
        var lowercased: [String: String] = [:]
        var declaredTotal = 0
        for entry in directory {
            let path = try ArchivePath.normalizedEntryName(entry.name)
            guard entry.uncompressedSize <= limits.maximumUncompressedBytes - declaredTotal else {
                throw .tooLarge(limit: limits.maximumUncompressedBytes)
            }
            declaredTotal += entry.uncompressedSize
            let (allowed, overflow) = entry.compressedSize.multipliedReportingOverflow(
                by: limits.maximumCompressionRatio)
            if entry.uncompressedSize > limits.compressionRatioThreshold && !overflow
                && entry.uncompressedSize > allowed
            {
                throw .compressionRatio(path: path, limit: limits.maximumCompressionRatio)
            }
            guard !entry.name.hasSuffix("/"), !path.isEmpty, entries[path] == nil else { continue }
            entries[path] = entry
            if lowercased[path.lowercased()] == nil { lowercased[path.lowercased()] = path }
        }
        self.entries = entries
        pathsByLowercasedPath = lowercased
    }

    /// The archive path of the file at `path`, matched exactly or else ignoring case; nil if absent.
    func existingPath(_ path: String) -> String? {
        if entries[path] != nil { return path }
        return pathsByLowercasedPath[path.lowercased()]
    }

    /// The contents of the file at `path` (matched as `existingPath` does), or nil if there is none.
    ///
    /// - Throws: `EPUBError.encrypted` for an encrypted entry, `.unsupportedCompression`,
    ///   `.damagedEntry` for a bad header, bad data, or a wrong size or checksum,
    ///   `.declaredSizeExceeded` when the entry expands past its declared size, `.tooLarge` when all
    ///   extraction so far passes the total limit.
    mutating func contents(of path: String) throws(EPUBError) -> Data? {
        guard let path = existingPath(path), let entry = entries[path] else { return nil }
        guard !entry.isEncrypted else { throw .encrypted }
        let range = try dataRange(of: entry, path: path)
        let output: Data
        switch entry.method {
        case 0:
            guard range.count == entry.uncompressedSize else { throw .damagedEntry(path: path) }
            try countExtracted(range.count)
            output = Data(bytes[range])
            guard output.crc32(checksum: 0) == entry.checksum else { throw .damagedEntry(path: path) }
        case 8:
            output = try inflate(range, entry: entry, path: path)
        default:
            throw .unsupportedCompression(path: path)
        }
        return output
    }

    // MARK: - Extraction

    /// Why inflating stopped early; mapped to `EPUBError` once out of ZIPFoundation's closures.
    private struct InflateStop: Error {
        var error: EPUBError
    }

    private mutating func inflate(_ range: Range<Int>, entry: Entry, path: String) throws(EPUBError) -> Data {
        var output = Data()
        var cursor = range.lowerBound
        var produced = 0
        var totalSoFar = extractedByteCount
        let limits = limits
        let bytes = bytes
        do {
            let checksum = try Data.decompress(
                size: Int64(range.count), bufferSize: Self.chunkSize, skipCRC32: false,
                provider: { _, requested in
                    // ZIPFoundation's Linux inflater assumes every chunk is `requested` bytes long,
                    // so a short last chunk is padded; once the real bytes are used up, stop.
                    guard cursor < range.upperBound else { throw InflateStop(error: .damagedEntry(path: path)) }
                    let end = min(range.upperBound, cursor + requested)
                    guard end - cursor < requested else {
                        defer { cursor = end }
                        return Data(bytes[cursor..<end])
                    }
                    var chunk = Data(repeating: 0xFF, count: requested)
                    chunk.replaceSubrange(0..<end - cursor, with: bytes[cursor..<end])
                    cursor = end
                    return chunk
                },
                consumer: { chunk in
                    produced += chunk.count
                    totalSoFar += chunk.count
                    guard totalSoFar <= limits.maximumUncompressedBytes else {
                        throw InflateStop(error: .tooLarge(limit: limits.maximumUncompressedBytes))
                    }
                    guard produced <= entry.uncompressedSize else {
                        throw InflateStop(error: .declaredSizeExceeded(path: path))
                    }
                    output.append(chunk)
                })
            guard produced == entry.uncompressedSize, checksum == entry.checksum else {
                throw InflateStop(error: .damagedEntry(path: path))
            }
        } catch let stop as InflateStop {
            throw stop.error
        } catch {
            throw .damagedEntry(path: path)
        }
        extractedByteCount = totalSoFar
        return output
    }

    /// Adds a stored entry's bytes to the count, checking the total limit.
    private mutating func countExtracted(_ byteCount: Int) throws(EPUBError) {
        extractedByteCount += byteCount
        guard extractedByteCount <= limits.maximumUncompressedBytes else {
            throw .tooLarge(limit: limits.maximumUncompressedBytes)
        }
    }

    /// Where an entry's compressed bytes are, from its local header.
    private func dataRange(of entry: Entry, path: String) throws(EPUBError) -> Range<Int> {
        let offset = entry.localHeaderOffset
        guard Self.uint32(bytes, at: offset) == 0x0403_4B50, let nameLength = Self.uint16(bytes, at: offset + 26),
            let extraLength = Self.uint16(bytes, at: offset + 28)
        else { throw .damagedEntry(path: path) }
        let start = offset + 30 + Int(nameLength) + Int(extraLength)
        let (end, overflow) = start.addingReportingOverflow(entry.compressedSize)
        guard !overflow, end <= bytes.count else { throw .damagedEntry(path: path) }
        return start..<end
    }

    // MARK: - Central directory

    /// The entries the central directory lists, in order.
    private static func centralDirectory(in bytes: [UInt8], limits: EPUBLimits) throws(EPUBError) -> [Entry] {
        guard let end = endOfCentralDirectory(in: bytes) else { throw .notZip }
        guard let entryCount16 = uint16(bytes, at: end + 10), let size32 = uint32(bytes, at: end + 12),
            let offset32 = uint32(bytes, at: end + 16), uint16(bytes, at: end + 4) == 0,
            uint16(bytes, at: end + 6) == 0
        else { throw .notZip }
        var entryCount = Int(entryCount16)
        var directoryOffset = Int(offset32)
        var directorySize = Int(size32)
        if entryCount16 == 0xFFFF || size32 == 0xFFFF_FFFF || offset32 == 0xFFFF_FFFF {
            guard let zip64 = zip64EndOfCentralDirectory(in: bytes, before: end),
                let count = uint64(bytes, at: zip64 + 32), let size = uint64(bytes, at: zip64 + 40),
                let offset = uint64(bytes, at: zip64 + 48)
            else { throw .notZip }
            (entryCount, directorySize, directoryOffset) = (count, size, offset)
        }
        guard entryCount <= limits.maximumEntryCount else { throw .tooManyEntries(limit: limits.maximumEntryCount) }
        guard directoryOffset <= bytes.count, directorySize <= bytes.count - directoryOffset else { throw .notZip }
        var entries: [Entry] = []
        entries.reserveCapacity(entryCount)
        var position = directoryOffset
        for _ in 0..<entryCount {
            guard uint32(bytes, at: position) == 0x0201_4B50, let flags = uint16(bytes, at: position + 8),
                let method = uint16(bytes, at: position + 10), let checksum = uint32(bytes, at: position + 16),
                let compressed32 = uint32(bytes, at: position + 20),
                let uncompressed32 = uint32(bytes, at: position + 24),
                let nameLength = uint16(bytes, at: position + 28).map(Int.init),
                let extraLength = uint16(bytes, at: position + 30).map(Int.init),
                let commentLength = uint16(bytes, at: position + 32).map(Int.init),
                let offset32 = uint32(bytes, at: position + 42)
            else { throw .notZip }
            let nameStart = position + 46
            let extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= bytes.count else { throw .notZip }
            var entry = Entry(
                name: name(bytes[nameStart..<extraStart]), flags: flags, method: method, checksum: checksum,
                compressedSize: Int(compressed32), uncompressedSize: Int(uncompressed32),
                localHeaderOffset: Int(offset32))
            try applyZIP64Extra(bytes[extraStart..<extraStart + extraLength], to: &entry)
            entries.append(entry)
            position = next
        }
        return entries
    }

    /// Replaces the 0xFFFFFFFF placeholders of an entry with the values of its ZIP64 extra field.
    private static func applyZIP64Extra(_ extra: ArraySlice<UInt8>, to entry: inout Entry) throws(EPUBError) {
        let placeholder = 0xFFFF_FFFF
        guard
            entry.uncompressedSize == placeholder || entry.compressedSize == placeholder
                || entry.localHeaderOffset == placeholder
        else { return }
        let extra = Array(extra)
        var position = 0
        while let id = uint16(extra, at: position), let length = uint16(extra, at: position + 2).map(Int.init) {
            let fieldEnd = position + 4 + length
            guard fieldEnd <= extra.count else { break }
            if id == 0x0001 {
                var field = position + 4
                for keyPath in [\Entry.uncompressedSize, \Entry.compressedSize, \Entry.localHeaderOffset]
                where entry[keyPath: keyPath] == placeholder {
                    guard field + 8 <= fieldEnd, let value = uint64(extra, at: field) else { throw .notZip }
                    entry[keyPath: keyPath] = value
                    field += 8
                }
                return
            }
            position = fieldEnd
        }
        throw .notZip
    }

    /// The offset of the end-of-central-directory record, searched backwards over the comment.
    private static func endOfCentralDirectory(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var position = bytes.count - 22
        while position >= lowest {
            if bytes[position] == 0x50, uint32(bytes, at: position) == 0x0605_4B50 { return position }
            position -= 1
        }
        return nil
    }

    /// The offset of the ZIP64 end-of-central-directory record, through the locator before `end`.
    private static func zip64EndOfCentralDirectory(in bytes: [UInt8], before end: Int) -> Int? {
        let locator = end - 20
        guard locator >= 0, uint32(bytes, at: locator) == 0x0706_4B50, let offset = uint64(bytes, at: locator + 8),
            uint32(bytes, at: offset) == 0x0606_4B50
        else { return nil }
        return offset
    }

    /// An entry name: UTF-8 when valid (EPUB requires it), otherwise read byte for byte as Latin-1.
    private static func name(_ bytes: ArraySlice<UInt8>) -> String {
        String(bytes: bytes, encoding: .utf8) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    // MARK: - Little-endian reading

    private static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard let low = uint16(bytes, at: offset), let high = uint16(bytes, at: offset + 2) else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }

    /// A 64-bit value as an `Int`, or nil when it is out of bounds or does not fit.
    private static func uint64(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard let low = uint32(bytes, at: offset), let high = uint32(bytes, at: offset + 4) else { return nil }
        return Int(exactly: UInt64(low) | UInt64(high) << 32)
    }
}
