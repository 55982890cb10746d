import ArgumentParser
import Foundation

/// Where a command's text comes from: arguments, files, or standard input.
struct TextInputOptions: ParsableArguments {
    @Argument(help: "Text to process. Without text or --file, standard input is read.")
    var texts: [String] = []

    @Option(name: [.short, .customLong("file")], help: "Read text from a file (repeatable; - for standard input).")
    var files: [String] = []

    /// Each input as a whole text, in order: arguments first, then files.
    func documents() throws -> [String] {
        var documents = texts
        for path in files {
            documents.append(try Self.read(path))
        }
        if texts.isEmpty && files.isEmpty {
            documents.append(try Self.read("-"))
        }
        return documents
    }

    /// Every line of every input.
    func lines() throws -> [String] {
        try documents().flatMap(Self.lines(of:))
    }

    /// The lines of `text`, split at LF on scalars (so CRLF, one `Character`, splits too), with a
    /// trailing CR dropped; a final line break does not start another line.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.last == "\r" ? line.dropLast() : line)
        }
        if text.unicodeScalars.last == "\n" { lines.removeLast() }
        return lines
    }

    static func read(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError("No such file: \(path)")
            }
            guard !isDirectory.boolValue else { throw InputError("\(path) is a directory, not a text file.") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw InputError("Cannot read \(path).")
            }
            data = contents
        }
        let name = path == "-" ? "standard input" : path
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = Self.firstInvalidByte(bytes)
            throw InputError(
                "\(name) is not valid UTF-8 (first bad byte at offset \(offset)). Convert it to UTF-8 first.")
        }
        return text
    }

    private static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput, .error: return offset
            }
        }
    }
}

/// A problem with the input, reported on standard error with a non-zero exit.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
