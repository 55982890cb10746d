import Foundation

/// Decoding of the XML and XHTML documents inside an EPUB into text.
///
/// EPUB requires UTF-8 or UTF-16, but older Chinese books declare GBK or Big5. The order is: a
/// byte order mark; then a declared `encoding="…"` or `charset=…` in the first kilobyte (GB2312,
/// GBK and GB18030 decode as GB18030, Big5 as Big5); then UTF-8 if the bytes are valid; then
/// GB18030 if they are valid as that; and finally UTF-8 with U+FFFD for the bad bytes, so a
/// damaged document still gives what text it has.
enum DocumentEncoding {
    /// GB18030 as Foundation names it (`kCFStringEncodingGB_18030_2000` as an `NSStringEncoding`).
    private static let gb18030 = String.Encoding(rawValue: 0x8000_0632)
    /// Big5 as Foundation names it (`kCFStringEncodingBig5` as an `NSStringEncoding`).
    private static let big5 = String.Encoding(rawValue: 0x8000_0A03)

    /// The document's text.
    static func text(of data: Data) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return utf16(bytes.dropFirst(2), littleEndian: bytes[0] == 0xFF)
        }
        if let declared = declaredEncoding(in: bytes), let text = String(bytes: bytes, encoding: declared) {
            return text
        }
        if let text = String(bytes: bytes, encoding: .utf8) { return text }
        if let text = String(bytes: bytes, encoding: gb18030) { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The encoding named by an XML declaration or a `charset=` in the first kilobyte, if it is one
    /// this type decodes specially.
    private static func declaredEncoding(in bytes: [UInt8]) -> String.Encoding? {
        let head = String(decoding: bytes.prefix(1024).filter { $0 < 0x80 }, as: UTF8.self).lowercased()
        for key in ["encoding=", "charset="] {
            guard let range = head.range(of: key) else { continue }
            let label = head[range.upperBound...]
                .drop { $0 == "\"" || $0 == "'" || $0 == " " }
                .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            switch label {
            case "gb2312", "gbk", "gb18030", "x-gbk", "cp936", "windows-936", "euc-cn": return gb18030
            case "big5", "big5-hkscs", "cp950", "x-big5": return big5
            default: continue
            }
        }
        return nil
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
