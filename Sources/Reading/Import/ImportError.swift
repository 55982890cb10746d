/// Why a text, file or EPUB could not become a book.
///
/// Every case has a `description` written for the learner who tried the import, so a caller can show
/// it as it is (escaped, like anything else rendered as HTML).
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text or file has no content.
    case empty
    /// The file is bigger than the import accepts, `limit` in bytes.
    case tooLarge(limit: Int)
    /// The bytes are not valid UTF-8, UTF-16 or GB18030; `offset` is the first bad byte.
    case undecodable(offset: Int)
    /// The bytes decode but look like binary data (NUL bytes or many control characters).
    case notText
    /// The EPUB could not be read; the string says why, for the learner.
    case invalidEPUB(String)
    /// The archive was refused as unsafe (path traversal, zip bomb, too many entries); the string says why.
    case unsafeArchive(String)
    /// After extraction there is nothing readable.
    case noText
    /// The book has no title.
    case titleMissing
    /// The title is longer than `limit` characters.
    case titleTooLong(limit: Int)

    /// A sentence for the learner saying what went wrong.
    public var description: String {
        switch self {
        case .empty:
            "The file is empty."
        case .tooLarge(let limit):
            "The file is too large: the limit is \(Self.byteCountText(limit))."
        case .undecodable(let offset):
            "The file is not valid UTF-8, UTF-16 or GB18030 text (first bad byte at offset \(offset))."
        case .notText:
            "The file looks like binary data, not text."
        case .invalidEPUB(let reason):
            "The file is not a readable EPUB: \(reason)"
        case .unsafeArchive(let reason):
            "The EPUB was refused because it is unsafe: \(reason)"
        case .noText:
            "No readable text was found in the file."
        case .titleMissing:
            "The book needs a title."
        case .titleTooLong(let limit):
            "The title is too long: at most \(limit) characters are allowed."
        }
    }

    /// A byte count as a learner reads it: "512 bytes", "64 KB", "1.5 MB".
    static func byteCountText(_ count: Int) -> String {
        let kilobyte = 1024
        let megabyte = kilobyte * kilobyte
        if count >= megabyte { return "\(decimalText(Double(count) / Double(megabyte))) MB" }
        if count >= kilobyte { return "\(decimalText(Double(count) / Double(kilobyte))) KB" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }

    /// A value with at most one decimal, without a trailing ".0".
    private static func decimalText(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
