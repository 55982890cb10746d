import ArgumentParser
import ChineseText
import Foundation

/// Grid search of the segmenter's constants against a gold file (for development; the figures it
/// prints are on the data given, so report held-out figures from a file that was not tuned on).
struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune", abstract: "Score segmenter constants on a gold file.")

    @Option(help: "Raw text, one sentence per line.")
    var raw: String

    @Option(help: "Gold words separated by spaces, line by line.")
    var gold: String

    @Option(name: .customLong("set"), help: "name=value,value,… for a SegmenterParameters field (repeatable).")
    var settings: [String] = []

    @Flag(help: "Turn the name model off.")
    var noNames = false

    func run() throws {
        let rawLines = TextInputOptions.lines(of: try TextInputOptions.read(raw))
        let goldLines = TextInputOptions.lines(of: try TextInputOptions.read(gold)).map {
            $0.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        guard rawLines.count == goldLines.count else { throw InputError("raw and gold line counts differ") }
        let resources = try ChineseTextResources.loadForCommandLine()
        var grid: [[(String, String)]] = [[]]
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw ValidationError("--set expects name=values") }
            let values = parts[1].split(separator: ",").map(String.init)
            grid = grid.flatMap { prefix in values.map { prefix + [(String(parts[0]), $0)] } }
        }
        var output = Output()
        for combination in grid {
            var parameters = SegmenterParameters()
            var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(parameters)) as? [String: Any] ?? [:]
            for (name, value) in combination {
                guard json[name] != nil else { throw ValidationError("unknown parameter \(name)") }
                json[name] = Double(value) ?? 0
            }
            parameters = try JSONDecoder().decode(
                SegmenterParameters.self, from: JSONSerialization.data(withJSONObject: json))
            let segmenter = resources.makeSegmenter(parameters: parameters, useNames: !noNames)
            var score = SegmentationScore()
            for (line, goldWords) in zip(rawLines, goldLines) {
                let predicted = segmenter.segment(line).filter { $0.kind != .whitespace }.map(\.text)
                score.add(gold: goldWords, predicted: predicted)
            }
            let label = combination.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
            output.line(
                String(format: "F1 %.4f  P %.4f  R %.4f  %@", score.f1, score.precision, score.recall, label))
        }
        output.flush()
    }
}
