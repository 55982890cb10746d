/// Why an EPUB could not be read.
///
/// `description` is a sentence for the learner who uploaded the file. `isSafetyRefusal` tells a
/// caller which errors mean "refused as unsafe" (a path escaping the book, a zip bomb, too many
/// files) rather than "damaged or not an EPUB".
public enum EPUBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a ZIP archive (or one too damaged to list).
    case notZip
    /// There is no `META-INF/container.xml`, so the package document cannot be found.
    case missingContainer
    /// The container names no package document, or the one it names is not in the archive.
    case missingPackage
    /// The package document (OPF) cannot be used; the string says why.
    case invalidPackage(String)
    /// An entry name or a link in the book is absolute or leads outside the book.
    case unsafePath(String)
    /// The archive lists more than `limit` entries.
    case tooManyEntries(limit: Int)
    /// The archive would expand to more than `limit` bytes (declared, or counted while extracting).
    case tooLarge(limit: Int)
    /// An entry above the size threshold is compressed more than `limit`:1 (a likely zip bomb).
    case compressionRatio(path: String, limit: Int)
    /// An entry expanded to more bytes than its header declares.
    case declaredSizeExceeded(path: String)
    /// An entry is damaged (bad header, bad compressed data, wrong size or checksum).
    case damagedEntry(path: String)
    /// An entry uses a compression method other than stored or deflate.
    case unsupportedCompression(path: String)
    /// The book's text is encrypted (DRM).
    case encrypted
    /// No document in the book has readable text.
    case noText

    /// Whether the archive was refused to protect the server rather than because it is damaged.
    public var isSafetyRefusal: Bool {
        switch self {
        case .unsafePath, .tooManyEntries, .tooLarge, .compressionRatio, .declaredSizeExceeded: true
        default: false
        }
    }

    /// A sentence for the learner saying what went wrong.
    public var description: String {
        switch self {
        case .notZip:
            "The file is not an EPUB: it is not a readable ZIP archive."
        case .missingContainer:
            "The EPUB has no META-INF/container.xml, so its contents cannot be found."
        case .missingPackage:
            "The EPUB's package document (its .opf file) is missing."
        case .invalidPackage(let reason):
            "The EPUB's package document cannot be used: \(reason)."
        case .unsafePath(let path):
            "The EPUB refers to a file outside the book (\(path)), which is not allowed."
        case .tooManyEntries(let limit):
            "The EPUB contains more than \(Self.groupedDigits(limit)) files."
        case .tooLarge(let limit):
            "The EPUB expands to more than \(Self.byteCountText(limit))."
        case .compressionRatio(let path, let limit):
            "The file \(path) in the EPUB is compressed more than \(limit) to 1, which looks like a zip bomb."
        case .declaredSizeExceeded(let path):
            "The file \(path) in the EPUB expands to more than its header declares, which looks like a zip bomb."
        case .damagedEntry(let path):
            "The file \(path) in the EPUB is damaged."
        case .unsupportedCompression(let path):
            "The file \(path) in the EPUB uses a compression method that is not supported."
        case .encrypted:
            "The EPUB is encrypted (protected by DRM), so its text cannot be read."
        case .noText:
            "The EPUB contains no readable text."
        }
    }

    /// A byte count as a learner reads it: "512 bytes", "64 KB", "200 MB".
    static func byteCountText(_ count: Int) -> String {
        let kilobyte = 1024
        let megabyte = kilobyte * kilobyte
        if count >= megabyte && count % megabyte == 0 { return "\(count / megabyte) MB" }
        if count >= kilobyte && count % kilobyte == 0 { return "\(count / kilobyte) KB" }
        return "\(count) bytes"
    }

    /// A count with thousands separated by commas: 10000 → "10,000".
    static func groupedDigits(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }
}
