import ChineseText
import Foundation

extension ChineseTextResources {
    /// Loads the data from `UMBRELLA_DATA_DIR` when set, otherwise the bundled data.
    static func loadForCommandLine() throws -> ChineseTextResources {
        if let path = ProcessInfo.processInfo.environment["UMBRELLA_DATA_DIR"], !path.isEmpty {
            return try load(from: URL(fileURLWithPath: path, isDirectory: true))
        }
        return try load()
    }

    /// The data directory `loadForCommandLine()` reads: `UMBRELLA_DATA_DIR` or the bundled one.
    static func dataDirectoryForCommandLine() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["UMBRELLA_DATA_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        guard let directory = bundledDataDirectory else { throw CocoaError(.fileNoSuchFile) }
        return directory
    }
}

/// Writes JSON Lines and text to standard output through one buffer.
struct Output {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private var buffer: [UInt8] = []

    /// Appends `text` without a line break.
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func json(_ value: some Encodable) throws {
        buffer.append(contentsOf: try Self.encoder.encode(value))
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
