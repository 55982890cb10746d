/// A token of XML or HTML markup.
enum MarkupToken: Equatable {
    /// A start tag: its lowercased name (with any prefix, `dc:title`), its attributes (lowercased
    /// names, decoded values) and whether it closed itself (`<br/>`).
    case start(name: String, attributes: [String: String], selfClosing: Bool)
    /// An end tag with its lowercased name.
    case end(name: String)
    /// Character data with entities decoded (CDATA sections verbatim).
    case text(String)
}

/// A small, tolerant tokenizer for the XML and XHTML inside an EPUB.
///
/// It never fails: a `<` that does not start a tag is text, an unterminated comment or tag runs
/// to the end, attributes may be unquoted. Comments, processing instructions and declarations
/// (`<!DOCTYPE …>`, internal subset included) are dropped, so no DTD is read and no declared
/// entity is ever expanded. The content of
/// `<script>` and `<style>` is raw text up to the matching end tag and is dropped too.
enum MarkupScanner {
    /// The tokens of `markup`, in document order.
    static func tokens(in markup: String) -> [MarkupToken] {
        var scanner = Cursor(bytes: Array(markup.utf8))
        var tokens: [MarkupToken] = []
        var textStart = 0

        func flushText(upTo end: Int) {
            guard end > textStart else { return }
            let raw = String(decoding: scanner.bytes[textStart..<end], as: UTF8.self)
            tokens.append(.text(CharacterReference.decode(raw)))
        }

        while let next = scanner.bytes[scanner.position...].firstIndex(of: UInt8(ascii: "<")) {
            scanner.position = next
            if scanner.hasPrefix(Cursor.commentStart) {
                flushText(upTo: next)
                scanner.skip(past: Cursor.commentEnd)
            } else if scanner.hasPrefix(Cursor.cdataStart) {
                flushText(upTo: next)
                let start = next + 9
                let end = scanner.skip(past: Cursor.cdataEnd) ?? scanner.bytes.count
                if end > start { tokens.append(.text(String(decoding: scanner.bytes[start..<end], as: UTF8.self))) }
            } else if scanner.hasPrefix(Cursor.declarationStart) {
                flushText(upTo: next)
                scanner.skipDeclaration()
            } else if scanner.hasPrefix(Cursor.instructionStart) {
                flushText(upTo: next)
                scanner.skip(past: Cursor.tagEnd)
            } else if scanner.hasPrefix(Cursor.endTagStart), scanner.isNameStart(at: next + 2) {
                flushText(upTo: next)
                scanner.position = next + 2
                let name = scanner.readName()
                scanner.skip(past: Cursor.tagEnd)
                tokens.append(.end(name: name))
            } else if scanner.isNameStart(at: next + 1) {
                flushText(upTo: next)
                scanner.position = next + 1
                let (name, attributes, selfClosing) = scanner.readTagRest()
                tokens.append(.start(name: name, attributes: attributes, selfClosing: selfClosing))
                if !selfClosing && (name == "script" || name == "style") {
                    scanner.skipRawText(until: name)
                }
            } else {
                scanner.position = next + 1
                continue
            }
            textStart = scanner.position
        }
        flushText(upTo: scanner.bytes.count)
        return tokens
    }

    /// A position in the markup's UTF-8 bytes. Markup syntax is ASCII, so scanning bytes is safe.
    private struct Cursor {
        let bytes: [UInt8]
        var position = 0

        static let commentStart = Array("<!--".utf8)
        static let commentEnd = Array("-->".utf8)
        static let cdataStart = Array("<![CDATA[".utf8)
        static let cdataEnd = Array("]]>".utf8)
        static let declarationStart = Array("<!".utf8)
        static let instructionStart = Array("<?".utf8)
        static let endTagStart = Array("</".utf8)
        static let selfClosingEnd = Array("/>".utf8)
        static let tagEnd = Array(">".utf8)

        func hasPrefix(_ prefix: [UInt8]) -> Bool {
            hasPrefix(prefix, at: position)
        }

        private func hasPrefix(_ prefix: [UInt8], at index: Int) -> Bool {
            guard index + prefix.count <= bytes.count else { return false }
            return bytes[index..<index + prefix.count].elementsEqual(prefix)
        }

        /// Moves past the next occurrence of `terminator` and returns where it starts; without one,
        /// moves to the end and returns nil.
        @discardableResult
        mutating func skip(past terminator: [UInt8]) -> Int? {
            guard let first = terminator.first else { return position }
            while let candidate = bytes[position...].firstIndex(of: first) {
                if hasPrefix(terminator, at: candidate) {
                    position = candidate + terminator.count
                    return candidate
                }
                position = candidate + 1
            }
            position = bytes.count
            return nil
        }

        /// Moves past a declaration (`<!DOCTYPE …>`), internal subset `[…]` included, or to the end.
        mutating func skipDeclaration() {
            var depth = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                } else if byte == UInt8(ascii: ">") && depth == 0 {
                    return
                }
            }
        }

        /// Moves to the start of `</name` (any case), or to the end, skipping raw text.
        mutating func skipRawText(until name: String) {
            let closing = Array("</\(name)".utf8)
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "<"), position + closing.count <= bytes.count,
                    bytes[position..<position + closing.count].map(Self.lowercased).elementsEqual(closing)
                {
                    return
                }
                position += 1
            }
        }

        func isNameStart(at index: Int) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            return Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        /// Reads a tag or attribute name, lowercased.
        mutating func readName() -> String {
            let start = position
            while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
            return String(decoding: bytes[start..<position].map(Self.lowercased), as: UTF8.self)
        }

        /// Reads a start tag after `<`: its name, its attributes, and whether it ends with `/>`.
        mutating func readTagRest() -> (String, [String: String], Bool) {
            let name = readName()
            var attributes: [String: String] = [:]
            while position < bytes.count {
                let byte = bytes[position]
                if Self.isSpace(byte) {
                    position += 1
                } else if byte == UInt8(ascii: ">") {
                    position += 1
                    return (name, attributes, false)
                } else if hasPrefix(Self.selfClosingEnd) {
                    position += 2
                    return (name, attributes, true)
                } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") {
                    position += 1
                } else {
                    let attribute = readName()
                    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                        if attributes[attribute] == nil { attributes[attribute] = "" }
                        continue
                    }
                    position += 1
                    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
                    let value = readAttributeValue()
                    if attributes[attribute] == nil { attributes[attribute] = CharacterReference.decode(value) }
                }
            }
            return (name, attributes, false)
        }

        /// Reads a quoted or unquoted attribute value.
        private mutating func readAttributeValue() -> String {
            guard position < bytes.count else { return "" }
            let quote = bytes[position]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != quote { position += 1 }
                let value = String(decoding: bytes[start..<position], as: UTF8.self)
                if position < bytes.count { position += 1 }
                return value
            }
            let start = position
            while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "<")
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }
    }
}
