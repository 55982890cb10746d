import NIOCore

/// Checks that a multipart/form-data body is well formed (RFC 7578/2046) before MultipartKit parses
/// it: MultipartKit 4.7 crashes the process on some malformed bodies, such as a part without
/// headers (found by fuzzing the API). Every part must start after a delimiter line, have header
/// lines of the form `Name: value` ending in an empty line, and end where the next delimiter starts;
/// the body must end with the closing delimiter.
enum MultipartStructure {
    static func isWellFormed(_ body: ByteBuffer, boundary: String) -> Bool {
        let bytes = Array(body.readableBytesView)
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        guard var position = firstIndex(of: delimiter, in: bytes, from: 0) else { return false }
        // Anything before the first delimiter is a preamble, which must end with CRLF.
        if position > 0 && !(position >= 2 && bytes[position - 2] == 13 && bytes[position - 1] == 10) {
            return false
        }
        while true {
            position += delimiter.count
            if bytes.count >= position + 2, bytes[position] == 45, bytes[position + 1] == 45 { return true }
            while position < bytes.count, bytes[position] == 32 || bytes[position] == 9 { position += 1 }
            guard bytes.count >= position + 2, bytes[position] == 13, bytes[position + 1] == 10 else { return false }
            position += 2
            // At least one header line, each `Name: value`, then an empty line.
            guard let headersEnd = firstIndex(of: crlf + crlf, in: bytes, from: position) else { return false }
            var hasDisposition = false
            for line in bytes[position..<headersEnd].split(separator: 10, omittingEmptySubsequences: false) {
                let line = line.last == 13 ? line.dropLast() : line
                guard let colon = line.firstIndex(of: 58), colon > line.startIndex else { return false }
                let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
                if name.lowercased() == "content-disposition" { hasDisposition = true }
            }
            guard hasDisposition else { return false }
            guard let next = firstIndex(of: crlf + delimiter, in: bytes, from: headersEnd + 2) else { return false }
            position = next + 2
        }
    }

    /// The first index at or after `start` where `needle` occurs in `haystack`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
