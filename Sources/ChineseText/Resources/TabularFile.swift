import Foundation

/// Reads the small tab-separated data files (HSK lists, sentences, readings), splitting on bytes
/// rather than on grapheme clusters, which is what keeps loading them to a few milliseconds.
enum TabularFile {
    /// The file's contents, checked to be UTF-8.
    static func text(_ url: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ChineseTextDataError.missingFile(url.path)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ChineseTextDataError.malformed(url.path, "not UTF-8")
        }
        return text
    }

    /// The non-empty lines of `text`, each split at tabs.
    static func rows(_ text: String) -> [[Substring]] {
        var text = text
        return text.withUTF8 { bytes in
            var rows: [[Substring]] = []
            var fields: [Substring] = []
            var lineStart = 0
            var fieldStart = 0
            func field(_ start: Int, _ end: Int) -> Substring {
                Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            for (index, byte) in bytes.enumerated() {
                if byte == 0x09 {
                    fields.append(field(fieldStart, index))
                    fieldStart = index + 1
                } else if byte == 0x0A {
                    if index != lineStart {
                        fields.append(field(fieldStart, index))
                        rows.append(fields)
                    }
                    fields = []
                    lineStart = index + 1
                    fieldStart = lineStart
                }
            }
            if lineStart < bytes.count {
                fields.append(field(fieldStart, bytes.count))
                rows.append(fields)
            }
            return rows
        }
    }

    /// The rows of the file at `url`.
    static func rows(_ url: URL) throws -> [[Substring]] { rows(try text(url)) }

    /// `key<TAB>integer` rows as a dictionary; later rows do not replace earlier ones. Parsed
    /// straight from the bytes: these lists are read at every start, so no per-row arrays.
    static func levels(_ url: URL) throws -> [String: Int] {
        var text = try text(url)
        return text.withUTF8 { bytes in
            var result: [String: Int] = [:]
            result.reserveCapacity(bytes.count / 8)
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var tab = lineStart
                while tab < lineEnd && bytes[tab] != 0x09 { tab += 1 }
                var level = 0
                var digits = 0
                var position = tab + 1
                while position < lineEnd, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                    level = level * 10 + Int(bytes[position] - 0x30)
                    digits += 1
                    position += 1
                }
                if tab > lineStart, digits > 0 {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<tab]), as: UTF8.self)
                    if result[key] == nil { result[key] = level }
                }
                lineStart = lineEnd + 1
            }
            return result
        }
    }
}
