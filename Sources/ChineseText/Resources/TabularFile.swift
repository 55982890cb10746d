import Foundation

/// Reads the small tab-separated data files (HSK lists, sentences, readings).
enum TabularFile {
    /// The file's non-empty lines, decoded as UTF-8.
    static func lines(_ url: URL) throws -> [Substring] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ChineseTextDataError.missingFile(url.path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ChineseTextDataError.malformed(url.path, "not UTF-8")
        }
        return text.split(separator: "\n")
    }

    /// `key<TAB>integer` lines as a dictionary; later lines do not replace earlier ones.
    static func levels(_ url: URL) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for line in try lines(url) {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let level = Int(fields[1]) else { continue }
            let key = String(fields[0])
            if result[key] == nil { result[key] = level }
        }
        return result
    }
}
