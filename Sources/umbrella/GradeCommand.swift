import ArgumentParser
import ChineseText

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade a text by HSK level.",
        discussion: """
            Reports the text's words and characters by HSK level, the share of word tokens a reader
            at each level knows, and the text's level: the lowest level covering at least 95% of its
            word tokens (names and numbers excluded; a word missing from the list counts at the level
            of its hardest character). Each argument, file or standard input is one text; with
            --per-line every input line is one text.
            """
    )

    enum Standard: String, ExpressibleByArgument, CaseIterable {
        case hsk2, hsk3, both
    }

    @OptionGroup var input: TextInputOptions

    @Option(help: "Standard: hsk3 (2021, levels 1–6 and 7–9), hsk2 (levels 1–6), or both.")
    var standard: Standard = .both

    @Flag(help: "Grade every input line as its own text.")
    var perLine = false

    @Flag(help: "Print one JSON object per text.")
    var json = false

    struct TextResult: Encodable {
        var characters: Int
        var profiles: [HSKProfile]
        /// Level and character level under HSK 3.0, when graded, for quick reading.
        var level: Int?
        var characterLevel: Int?
    }

    func run() throws {
        let documents = try input.documents()
        let texts = perLine ? documents.flatMap(TextInputOptions.lines(of:)) : documents
        let resources = try ChineseTextResources.loadForCommandLine()
        let grader = TextGrader(resources: resources, segmenter: resources.makeSegmenter())
        let standards: [HSKStandard] =
            switch standard {
            case .hsk2: [.hsk2]
            case .hsk3: [.hsk3]
            case .both: [.hsk3, .hsk2]
            }
        var output = Output()
        for text in texts {
            let profiles = grader.grade(text, standards: standards)
            let primary = profiles.first
            if json {
                try output.json(
                    TextResult(
                        characters: text.count, profiles: profiles, level: primary?.level,
                        characterLevel: primary?.characterLevel))
                continue
            }
            for profile in profiles { output.line(render(profile)) }
            output.line("")
        }
        output.flush()
    }

    private func render(_ profile: HSKProfile) -> String {
        var lines = [
            "\(profile.standard.displayName): level \(profile.levelLabel) by words "
                + "(\(profile.tokenCount) word tokens), \(profile.characterLevelLabel) by characters"
        ]
        let coverage = profile.tokenCoverage.map {
            "\(profile.standard.label($0.level)): \(Int(($0.share * 100).rounded()))%"
        }
        lines.append("  Words known at each level: " + coverage.joined(separator: "  "))
        for group in profile.wordsByLevel {
            let name = group.level.map { "level \(profile.standard.label($0))" } ?? "not in list"
            lines.append("  Words, \(name) (\(group.items.count)): " + group.items.prefix(30).joined(separator: " "))
        }
        for group in profile.charactersByLevel {
            let name = group.level.map { "level \(profile.standard.label($0))" } ?? "ungraded"
            lines.append("  Characters, \(name) (\(group.items.count)): " + group.items.prefix(40).joined())
        }
        return lines.joined(separator: "\n")
    }
}
