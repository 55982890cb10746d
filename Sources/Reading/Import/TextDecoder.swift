public import Foundation

/// Turns the bytes of an uploaded text file into text, whatever common Chinese encoding it uses.
///
/// The encoding is found, not guessed from a declaration:
/// - a byte order mark selects UTF-8, UTF-16 (little or big endian) or UTF-32 (either order);
/// - without one, bytes that are valid UTF-8 are UTF-8 (plain ASCII included);
/// - bytes that hold a few valid multi-byte UTF-8 sequences before a bad byte are damaged UTF-8,
///   refused with the bad byte's offset (rather than decoded as GB18030 mojibake);
/// - otherwise bytes that are valid GB18030 are GB18030, which also covers GBK and GB2312 files.
///
/// The result has no byte order mark and uses `\n` for every line break (CRLF, CR, U+2028 and U+2029
/// become LF). Text that decodes but contains NUL bytes or mostly control characters is refused as
/// binary. GB18030 is decoded by Foundation (ICU on Linux), after this type has checked the byte
/// structure itself so that a bad file gets the offset of its first bad byte.
public enum TextDecoder {
    /// Decodes `data` as UTF-8, UTF-16, UTF-32 or GB18030 text.
    ///
    /// - Throws: `ImportError.empty` for no bytes (or only a byte order mark),
    ///   `.undecodable(offset:)` when no encoding fits (the offset is where the encoding that got
    ///   furthest failed), `.notText` for binary data.
    public static func decode(_ data: Data) throws(ImportError) -> String {
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { throw .empty }
        let text = try decodeBytes(bytes)
        return try normalized(text)
    }

    /// Decodes `data` like `decode(_:)`, first refusing more than `byteLimit` bytes.
    ///
    /// - Throws: `ImportError.tooLarge(limit:)` when `data` is longer than `byteLimit`, then as
    ///   `decode(_:)`.
    public static func decode(_ data: Data, byteLimit: Int) throws(ImportError) -> String {
        guard data.count <= byteLimit else { throw .tooLarge(limit: byteLimit) }
        return try decode(data)
    }

    /// GB18030 as Foundation names it (`kCFStringEncodingGB_18030_2000` as an `NSStringEncoding`).
    static let gb18030 = String.Encoding(rawValue: 0x8000_0632)

    // MARK: - Choosing the encoding

    private static func decodeBytes(_ bytes: [UInt8]) throws(ImportError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard bytes.count > 3 else { throw .empty }
            if let offset = firstInvalidUTF8(in: bytes, from: 3) { throw .undecodable(offset: offset) }
            return String(decoding: bytes[3...], as: UTF8.self)
        }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            guard bytes.count > 4 else { throw .empty }
            if let text = try? decodeUTF32(bytes, littleEndian: littleEndian) { return text }
            // FF FE 00 00 is also a UTF-16 byte order mark followed by a NUL; fall through to UTF-16.
            if !littleEndian { return try decodeUTF32(bytes, littleEndian: false) }
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard bytes.count > 2 else { throw .empty }
            return try decodeUTF16(bytes, littleEndian: bytes[0] == 0xFF)
        }
        guard let failure = utf8Failure(in: bytes, from: 0) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        // GBK text almost never holds valid multi-byte UTF-8 before its first bad byte, while UTF-8
        // text with one damaged byte usually is valid GB18030 (as mojibake): after a few good UTF-8
        // sequences, report the damage instead of decoding nonsense.
        if failure.multibyteSequences >= utf8EvidenceThreshold { throw .undecodable(offset: failure.offset) }
        if let gbFailure = firstInvalidGB18030(in: bytes) {
            throw .undecodable(offset: max(failure.offset, gbFailure))
        }
        guard let text = String(data: Data(bytes), encoding: gb18030) else {
            throw .undecodable(offset: failure.offset)
        }
        return text
    }

    // MARK: - Validation

    /// The offset of the first byte of the first ill-formed UTF-8 sequence at or after `start`, or nil.
    ///
    /// Overlong forms, surrogates and values above U+10FFFF are ill-formed; a sequence cut off by
    /// the end of the bytes is too.
    static func firstInvalidUTF8(in bytes: [UInt8], from start: Int) -> Int? {
        utf8Failure(in: bytes, from: start)?.offset
    }

    /// Valid multi-byte UTF-8 sequences before the first bad byte that make the bytes UTF-8 for sure.
    static let utf8EvidenceThreshold = 4

    /// The first ill-formed UTF-8 sequence at or after `start` and how many valid multi-byte
    /// sequences came before it, or nil if there is none.
    private static func utf8Failure(in bytes: [UInt8], from start: Int) -> (offset: Int, multibyteSequences: Int)? {
        var index = start
        var multibyteSequences = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 0
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default: return (index, multibyteSequences)
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else {
                return (index, multibyteSequences)
            }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
                return (index, multibyteSequences)
            }
            index += length
            multibyteSequences += 1
        }
        return nil
    }

    /// The offset of the first byte that does not start a valid GB18030 sequence, or nil.
    ///
    /// One byte 00–7F; two bytes 81–FE then 40–7E or 80–FE; four bytes 81–FE, 30–39, 81–FE, 30–39
    /// whose linear index falls in the BMP range (up to 8431 A439) or the supplementary range
    /// (9030 8130 to E332 9A35). Single bytes 80 and FF are invalid.
    static func firstInvalidGB18030(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        let continuation: ClosedRange<UInt8> = 0x81...0xFE
        let digit: ClosedRange<UInt8> = 0x30...0x39
        while index < count {
            let first = bytes[index]
            if first < 0x80 {
                index += 1
                continue
            }
            guard continuation.contains(first), index + 1 < count else { return index }
            let second = bytes[index + 1]
            if (0x40...0x7E).contains(second) || (0x80...0xFE).contains(second) {
                index += 2
                continue
            }
            guard digit.contains(second), index + 3 < count, continuation.contains(bytes[index + 2]),
                digit.contains(bytes[index + 3])
            else { return index }
            let linear =
                ((Int(first) - 0x81) * 10 + Int(second) - 0x30) * 1260 + (Int(bytes[index + 2]) - 0x81) * 10
                + Int(bytes[index + 3]) - 0x30
            guard linear <= lastBMPLinearIndex || supplementaryLinearIndices.contains(linear) else { return index }
            index += 4
        }
        return nil
    }

    /// The linear index of 8431 A439, the last four-byte sequence in the BMP (U+FFFF).
    private static let lastBMPLinearIndex = 39_419
    /// The linear indices of 9030 8130 (U+10000) through E332 9A35 (U+10FFFF).
    private static let supplementaryLinearIndices = 189_000...1_237_575

    // MARK: - UTF-16 and UTF-32

    private static func decodeUTF16(_ bytes: [UInt8], littleEndian: Bool) throws(ImportError) -> String {
        let start = 2
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        var unitIndex = 0
        while unitIndex < units.count {
            let unit = units[unitIndex]
            if (0xD800...0xDBFF).contains(unit) {
                guard unitIndex + 1 < units.count, (0xDC00...0xDFFF).contains(units[unitIndex + 1]) else {
                    throw .undecodable(offset: start + unitIndex * 2)
                }
                unitIndex += 2
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw .undecodable(offset: start + unitIndex * 2)
            } else {
                unitIndex += 1
            }
        }
        if index < bytes.count { throw .undecodable(offset: index) }
        return String(decoding: units, as: UTF16.self)
    }

    private static func decodeUTF32(_ bytes: [UInt8], littleEndian: Bool) throws(ImportError) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 4
        while index + 3 < bytes.count {
            let quad = bytes[index..<index + 4].map(UInt32.init)
            let value =
                littleEndian
                ? quad[0] | quad[1] << 8 | quad[2] << 16 | quad[3] << 24
                : quad[3] | quad[2] << 8 | quad[1] << 16 | quad[0] << 24
            guard let scalar = Unicode.Scalar(value) else { throw .undecodable(offset: index) }
            scalars.append(scalar)
            index += 4
        }
        if index < bytes.count { throw .undecodable(offset: index) }
        return String(scalars)
    }

    // MARK: - Normalising

    /// Drops a leading U+FEFF, refuses binary-looking text and turns every line break into LF.
    private static func normalized(_ text: String) throws(ImportError) -> String {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard !bytes.isEmpty else { throw .empty }
        var scalarCount = 0
        var controlCount = 0
        var needsRewrite = false
        for byte in bytes {
            if byte & 0xC0 != 0x80 { scalarCount += 1 }
            switch byte {
            case 0x00: throw .notText
            case 0x09, 0x0A, 0x0B, 0x0C: break
            case 0x0D, 0xE2: needsRewrite = true
            case 0x01...0x1F, 0x7F: controlCount += 1
            default: break
            }
        }
        if controlCount * 20 > scalarCount { throw .notText }
        guard needsRewrite else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                output.append(0x0A)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                output.append(0x0A)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
