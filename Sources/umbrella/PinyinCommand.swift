import ArgumentParser
import ChineseText

struct PinyinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinyin",
        abstract: "Give Chinese text its pinyin, word by word.",
        discussion: """
            Readings come from the word (银行 yínháng, 行走 xíngzǒu); characters outside any word get
            their most common reading. Tone sandhi is applied only with --sandhi.
            """
    )

    enum Tones: String, ExpressibleByArgument, CaseIterable {
        case marks, numbers
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, ruby
    }

    @OptionGroup var input: TextInputOptions

    @Option(help: "Tone style: marks (yínháng) or numbers (yin2 hang2).")
    var tones: Tones = .marks

    @Option(help: "text: readings in place of the words; ruby: HTML <ruby> per word.")
    var format: Format = .text

    @Flag(help: "Apply tone sandhi (3-3 → 2-3, 一 and 不).")
    var sandhi = false

    @Flag(help: "Print one JSON object per input line.")
    var json = false

    struct TokenResult: Encodable {
        var text: String
        var kind: TokenKind
        var pinyin: String
        var syllables: [String]
    }

    struct LineResult: Encodable {
        var text: String
        var tokens: [TokenResult]
        /// One numbered syllable per Han character of the line, in order.
        var syllables: [String]
    }

    func run() throws {
        let lines = try input.lines()
        let resources = try ChineseTextResources.loadForCommandLine()
        let transcriber = PinyinTranscriber(resources: resources, segmenter: resources.makeSegmenter())
        let options = PinyinTranscriber.Options(toneSandhi: sandhi)
        var output = Output()
        for line in lines {
            let tokens = transcriber.transcribe(line, options: options)
            if json {
                let results = tokens.map { token in
                    TokenResult(
                        text: token.token.text, kind: token.token.kind, pinyin: reading(token),
                        syllables: token.syllables.compactMap { $0?.numbered })
                }
                try output.json(
                    LineResult(text: line, tokens: results, syllables: results.flatMap(\.syllables)))
                continue
            }
            switch format {
            case .text:
                output.line(render(tokens))
            case .ruby:
                output.line(
                    tokens.map { token in
                        let text = HTML.escape(token.token.text)
                        let reading = reading(token)
                        return reading.isEmpty ? text : "<ruby>\(text)<rt>\(HTML.escape(reading))</rt></ruby>"
                    }.joined())
            }
        }
        output.flush()
    }

    private func reading(_ token: PinyinToken) -> String {
        tones == .marks ? token.marked : token.numbered
    }

    /// Words become their readings separated by spaces; punctuation stays attached.
    private func render(_ tokens: [PinyinToken]) -> String {
        var text = ""
        for token in tokens {
            let reading = reading(token)
            if reading.isEmpty {
                if token.token.kind == .whitespace {
                    if !text.hasSuffix(" ") && !text.isEmpty { text += " " }
                } else if token.token.kind == .punctuation {
                    text += token.token.text
                } else {
                    if !text.isEmpty && !text.hasSuffix(" ") { text += " " }
                    text += token.token.text
                }
            } else if reading == "r" && !text.isEmpty && !text.hasSuffix(" ") {
                text += reading  // erhua joins the word before it: xiàohuar
            } else {
                if !text.isEmpty && !text.hasSuffix(" ") { text += " " }
                text += reading
            }
        }
        return text
    }
}

enum HTML {
    /// Escapes text for use in HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
