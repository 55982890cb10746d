import ArgumentParser
import ChineseText

struct LookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Look up Chinese words, or search by English or pinyin.",
        discussion: """
            A query with Chinese characters is looked up as a headword (simplified or traditional).
            Other queries are searched as pinyin when they spell pinyin (yueliang, yue4liang, yuèliàng)
            and as English otherwise; --english or --pinyin forces one. Each argument, or each line of
            --file or standard input, is one query. Exits 1 when a query finds nothing.
            """
    )

    @OptionGroup var input: TextInputOptions

    @Flag(help: "Search English senses only.")
    var english = false

    @Flag(help: "Search pinyin only.")
    var pinyin = false

    @Option(help: "Maximum results for English and pinyin searches.")
    var limit = 10

    @Flag(help: "Print one JSON object per query.")
    var json = false

    struct QueryResult: Encodable {
        var query: String
        var mode: String
        var found: Bool
        var words: [WordLookup]
        var entries: [DictionaryEntry]
    }

    func validate() throws {
        if english && pinyin { throw ValidationError("Use --english or --pinyin, not both.") }
        if limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        let queries = try input.documents().flatMap(TextInputOptions.lines(of:)).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !queries.isEmpty else { throw InputError("Nothing to look up: give a word, pinyin or English.") }
        let resources = try ChineseTextResources.loadForCommandLine()
        let dictionary = LearnerDictionary(resources: resources)
        var output = Output()
        var missing: [String] = []
        for query in queries {
            let result = search(query, dictionary)
            if !result.found { missing.append(query) }
            if json {
                try output.json(result)
            } else if result.found {
                output.line(LookupPrinter.render(result, resources: resources))
            } else {
                output.line(notFound(query, resources: resources))
            }
        }
        output.flush()
        if !missing.isEmpty { throw ExitCode(1) }
    }

    private func search(_ query: String, _ dictionary: LearnerDictionary) -> QueryResult {
        if query.unicodeScalars.contains(where: { $0.properties.isIdeographic }) && !english && !pinyin {
            let word = dictionary.lookUp(query)
            return QueryResult(
                query: query, mode: "headword", found: word != nil, words: word.map { [$0] } ?? [], entries: [])
        }
        let query = query.lowercased() == query ? query : query
        let looksLikePinyin = PinyinQuery(query)?.isValidPinyin ?? false
        if pinyin || (!english && looksLikePinyin) {
            let entries = dictionary.search(pinyin: query, limit: limit)
            if !entries.isEmpty || pinyin {
                return QueryResult(query: query, mode: "pinyin", found: !entries.isEmpty, words: [], entries: entries)
            }
        }
        let entries = dictionary.search(english: query, limit: limit)
        return QueryResult(query: query, mode: "english", found: !entries.isEmpty, words: [], entries: entries)
    }

    private func notFound(_ query: String, resources: ChineseTextResources) -> String {
        var message = "Not found: “\(query)”."
        if query.unicodeScalars.contains(where: { $0.properties.isIdeographic }) {
            let words = resources.makeSegmenter().segment(query).filter { $0.kind == .chineseWord }.map(\.text)
            if words.count > 1 { message += " Try its words: " + words.joined(separator: " · ") }
        }
        return message
    }
}

/// Renders lookups as text for a terminal.
enum LookupPrinter {
    static func render(_ result: LookupCommand.QueryResult, resources: ChineseTextResources) -> String {
        var lines: [String] = []
        for word in result.words {
            var heading = word.headword
            var levels: [String] = []
            if let level = word.hsk2Level { levels.append("HSK 2.0 level \(level)") }
            if let level = word.hsk3Level { levels.append("HSK 3.0 level \(HSKStandard.hsk3.label(level))") }
            if word.hsk3Level == nil, let level = word.hsk3CharacterLevel {
                levels.append("HSK 3.0 character level \(HSKStandard.hsk3.label(level))")
            }
            if !levels.isEmpty { heading += "    " + levels.joined(separator: " · ") }
            lines.append(heading)
            if word.isCharacterFallback {
                lines.append("  (no dictionary entry; readings of the character)")
            }
            for entry in word.entries {
                lines += render(entry, indent: "  ")
            }
            if !word.examples.isEmpty {
                lines.append("  Examples:")
                for example in word.examples {
                    lines.append("    \(example.simplified)  \(example.pinyin)")
                    lines.append("      \(example.english)  (HSK \(example.hskLevel))")
                }
            }
        }
        if !result.entries.isEmpty {
            lines.append(result.mode == "pinyin" ? "Pinyin “\(result.query)”:" : "English “\(result.query)”:")
            for entry in result.entries {
                lines += render(entry, indent: "  ")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func render(_ entry: DictionaryEntry, indent: String) -> [String] {
        let forms =
            entry.traditional == entry.simplified ? entry.simplified : "\(entry.simplified) (\(entry.traditional))"
        var lines = ["\(indent)\(forms)  \(entry.pinyin)  [\(entry.pinyinNumbered)]"]
        for (index, sense) in entry.senses.enumerated() {
            lines.append("\(indent)  \(index + 1). \(sense)")
        }
        if !entry.measureWords.isEmpty {
            let words = entry.measureWords.map { "\($0.simplified) \($0.pinyin ?? "")" }
            lines.append("\(indent)  Measure words: " + words.joined(separator: ", "))
        }
        return lines
    }
}
