import Foundation

/// Paths inside an EPUB archive: entry names checked for safety, links resolved against a document.
///
/// Paths are resolved, not string-matched: `OEBPS/../x` is `x`, while `../x` from the root leads
/// outside the book and is refused. Both `/` and `\` count as separators when checking.
enum ArchivePath {
    /// An entry name in normal form (no `.` or `..` components, no empty components).
    ///
    /// - Throws: `EPUBError.unsafePath` for an absolute name, a drive letter, a NUL, or a name that
    ///   leads outside the archive.
    static func normalizedEntryName(_ name: String) throws(EPUBError) -> String {
        guard !name.contains("\0"), !isAbsolute(name) else { throw .unsafePath(name) }
        guard let components = resolved(components(of: name), onto: []) else { throw .unsafePath(name) }
        return components.joined(separator: "/")
    }

    /// The archive path a link in the document at `documentPath` points to, without its fragment.
    ///
    /// - Returns: nil for a link with a URL scheme (`http:`, `mailto:`), which is not in the archive,
    ///   and for an empty link (one to the document itself).
    /// - Throws: `EPUBError.unsafePath` for an absolute link or one that leads outside the archive.
    static func resolve(_ href: String, from documentPath: String) throws(EPUBError) -> String? {
        var link = Substring(href.trimmingCharacters(in: .whitespacesAndNewlines))
        if let cut = link.firstIndex(where: { $0 == "#" || $0 == "?" }) { link = link[..<cut] }
        guard !link.isEmpty else { return nil }
        let decoded = String(link).removingPercentEncoding ?? String(link)
        if hasScheme(decoded) { return nil }
        guard !decoded.contains("\0"), !isAbsolute(decoded) else { throw .unsafePath(href) }
        let base = components(of: documentPath).dropLast()
        guard let components = resolved(components(of: decoded), onto: Array(base)) else {
            throw .unsafePath(href)
        }
        return components.joined(separator: "/")
    }

    /// The components of a path, split at `/` and `\`.
    private static func components(of path: String) -> [Substring] {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map { $0 }
    }

    /// `base` followed by `components`, with `.` dropped and `..` applied; nil if `..` leaves the root.
    private static func resolved(_ components: [Substring], onto base: [Substring]) -> [Substring]? {
        var result = base
        for component in components {
            switch component {
            case ".":
                continue
            case "..":
                guard !result.isEmpty else { return nil }
                result.removeLast()
            default:
                result.append(component)
            }
        }
        return result
    }

    /// Whether a path starts at a root: `/x`, `\x`, or a drive letter `C:`.
    private static func isAbsolute(_ path: String) -> Bool {
        guard let first = path.first else { return false }
        if first == "/" || first == "\\" { return true }
        let characters = Array(path.prefix(2))
        return characters.count == 2 && characters[0].isLetter && characters[0].isASCII && characters[1] == ":"
    }

    /// Whether a link starts with a URL scheme of two or more letters (`http:`, `data:`).
    private static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        let scheme = link[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isLetter, first.isASCII else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
