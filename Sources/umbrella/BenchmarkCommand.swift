import ArgumentParser
import ChineseText
import Foundation

struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure the text engine in this process (build with -c release).",
        shouldDisplay: false,
        subcommands: [SpeedCommand.self, TuneCommand.self, ProficiencyBenchmarkCommand.self],
        defaultSubcommand: SpeedCommand.self
    )
}

struct SpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speed", abstract: "Load time, segmentation throughput, lookup latency, peak memory.")

    @Option(help: "Text to segment; its lines are segmented one by one.")
    var file: String

    @Option(help: "Timed passes over the file; the best is reported.")
    var passes = 5

    @Option(help: "Dictionary lookups to time.")
    var lookups = 20_000

    struct Report: Encodable {
        var loadMilliseconds: Double
        var segmenterMilliseconds: Double
        var hanCharacters: Int
        var bestSegmentSeconds: Double
        var hanCharactersPerSecond: Double
        var tokens: Int
        var lookupMicroseconds: Double
        var englishSearchMilliseconds: Double
        var pinyinSearchMilliseconds: Double
        var maxResidentMegabytes: Double
    }

    func run() throws {
        let lines = TextInputOptions.lines(of: try TextInputOptions.read(file))
        let clock = ContinuousClock()
        var resources: ChineseTextResources?
        let load = clock.measure { resources = try? ChineseTextResources.loadForCommandLine() }
        guard let resources else { throw InputError("Could not load the data.") }
        var segmenter: LatticeSegmenter?
        let makeSegmenter = clock.measure { segmenter = resources.makeSegmenter() }
        guard let segmenter else { throw InputError("Could not build the segmenter.") }
        let han = lines.reduce(0) { $0 + $1.unicodeScalars.filter { $0.properties.isIdeographic }.count }
        var best = Duration.seconds(1_000_000)
        var tokens = 0
        for _ in 0..<max(passes, 1) {
            var count = 0
            let elapsed = clock.measure {
                for line in lines { count += segmenter.segment(line).count }
            }
            tokens = count
            best = min(best, elapsed)
        }
        let dictionary = LearnerDictionary(resources: resources)
        let words = Array(Set(lines.flatMap { segmenter.segment($0).filter { $0.kind == .chineseWord }.map(\.text) }))
        var found = 0
        let lookupTime = clock.measure {
            for index in 0..<lookups where resources.lexicon.entries(for: words[index % max(words.count, 1)]).count > 0
            {
                found += 1
            }
        }
        let english = clock.measure { _ = dictionary.search(english: "moon") }
        let pinyin = clock.measure { _ = dictionary.search(pinyin: "yueliang") }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
        let report = Report(
            loadMilliseconds: load.milliseconds, segmenterMilliseconds: makeSegmenter.milliseconds,
            hanCharacters: han, bestSegmentSeconds: seconds, hanCharactersPerSecond: Double(han) / seconds,
            tokens: tokens, lookupMicroseconds: lookupTime.milliseconds * 1000 / Double(max(lookups, 1)),
            englishSearchMilliseconds: english.milliseconds, pinyinSearchMilliseconds: pinyin.milliseconds,
            maxResidentMegabytes: Self.maxResidentMegabytes())
        var output = Output()
        try output.json(report)
        output.flush()
    }

    /// Peak resident set size, from /proc on Linux (0 where unavailable).
    static func maxResidentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) * 1e-15
    }
}
