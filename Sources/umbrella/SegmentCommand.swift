import ArgumentParser
import ChineseText

struct SegmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segment",
        abstract: "Split Chinese text into words.",
        discussion: """
            Input is segmented line by line. Formats:
              slashes  words separated by " / " (default)
              spaced   words separated by single spaces, whitespace dropped; one output line per
                       input line, even for empty lines (for scoring against gold files)
              tokens   one token per line: text, kind, source, UTF-16 range
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case slashes, spaced, tokens
    }

    @OptionGroup var input: TextInputOptions

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .slashes

    @Flag(help: "Print one JSON object per input line.")
    var json = false

    @Option(name: .customLong("word"), help: "A word that must stay one token (repeatable).")
    var words: [String] = []

    @Option(name: .customLong("split"), help: "A forced split, parts separated by '/': 研究/生命 (repeatable).")
    var splits: [String] = []

    struct LineResult: Encodable {
        var text: String
        var tokens: [Token]
    }

    func run() throws {
        let lines = try input.lines()
        let resources = try ChineseTextResources.loadForCommandLine()
        var userDictionary = UserDictionary()
        for word in words { userDictionary.addWord(word) }
        for split in splits { userDictionary.addSplit(split.split(separator: "/").map(String.init)) }
        let segmenter = resources.makeSegmenter(userDictionary: userDictionary)
        var output = Output()
        for line in lines {
            if json {
                try output.json(LineResult(text: line, tokens: segmenter.segment(line)))
                continue
            }
            // Text formats stream a long line piece by piece instead of holding all its tokens.
            var first = true
            segmenter.segment(line) { tokens in
                for token in tokens {
                    switch format {
                    case .spaced, .slashes:
                        guard token.kind != .whitespace else { continue }
                        if !first { output.write(format == .spaced ? " " : " / ") }
                        output.write(token.text)
                    case .tokens:
                        output.line(
                            "\(token.text.debugDescription)\t\(token.kind.rawValue)\t\(token.source.rawValue)\t"
                                + "\(token.utf16Range.lowerBound)..<\(token.utf16Range.upperBound)")
                    }
                    first = false
                }
            }
            output.line("")
        }
        output.flush()
    }
}
