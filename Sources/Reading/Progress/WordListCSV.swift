public import Foundation

/// The word list as CSV (RFC 4180), for spreadsheets and flashcard apps such as Anki.
///
/// UTF-8 with a byte-order mark (so spreadsheet apps read the Chinese correctly), CRLF line ends,
/// a header row, and every field quoted when it holds a comma, quote or line break. A field that a
/// spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return)
/// gets a leading apostrophe: titles and sentences come from imported books.
public enum WordListCSV {
    /// The header row's column names, in order.
    public static let columns = [
        "word", "pinyin", "definition", "hsk_level", "times_marked", "marked", "first_marked", "last_changed",
        "book", "page", "sentence",
    ]

    /// The CSV text for `entries`, in their order. `levelLabel` writes a level (e.g. "7–9").
    public static func render(_ entries: [WordListEntry], levelLabel: (Int) -> String = { String($0) }) -> String {
        var lines = [columns.joined(separator: ",")]
        for entry in entries {
            let mark = entry.mark
            let fields: [String] = [
                mark.word, entry.pinyin ?? "", entry.definition ?? "", entry.hskLevel.map(levelLabel) ?? "",
                String(mark.markCount), mark.isMarked ? "yes" : "no", timestamp(mark.firstMarkedAt),
                timestamp(mark.updatedAt), mark.bookTitle ?? "", mark.pageNumber.map(String.init) ?? "",
                mark.sentence ?? "",
            ]
            lines.append(fields.map(field).joined(separator: ","))
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One field, neutralised against formulas and quoted when needed.
    static func field(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            text = "'" + text
        }
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    private static func timestamp(_ date: Date) -> String { date.ISO8601Format() }
}
