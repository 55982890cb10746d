import ArgumentParser

@main
struct Umbrella: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "umbrella",
        abstract: "Umbrella: read Chinese with a dictionary, a segmenter, pinyin and HSK grading.",
        discussion: """
            Commands read their text from arguments, from --file, or from standard input.
            --json prints one JSON object per line (JSON Lines).
            """,
        subcommands: [
            Serve.self, LookupCommand.self, SegmentCommand.self, PinyinCommand.self, GradeCommand.self,
            OCRCommand.self, SerialCommand.self, BenchmarkCommand.self,
        ]
    )
}
