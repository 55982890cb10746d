import ArgumentParser
import ChineseText
import Foundation
import Learning

/// `umbrella benchmark proficiency`: the simulated-learner measurement of the level estimate.
struct ProficiencyBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proficiency",
        abstract: "Simulated learners: estimate accuracy on the placement passage and single-level reading.",
        discussion: """
            Chooses the model constants on the tuning seeds, then reports exact and within-one accuracy on the
            held-out evaluation seeds (wider noise ranges, the other half of each level's sentences), beside the
            seed document's rule. Prints Markdown, or the whole report as JSON with --json.
            """)

    @Option(help: "First and last tuning seed, e.g. 1-40.")
    var tuningSeeds = "1-40"

    @Option(help: "First and last held-out seed, e.g. 5001-5100.")
    var evaluationSeeds = "5001-5100"

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let resources = try ChineseTextResources.loadForCommandLine()
        let report = ProficiencySimulation.run(
            resources: resources, tuningSeeds: try Self.range(tuningSeeds),
            evaluationSeeds: try Self.range(evaluationSeeds))
        var output = Output()
        if json {
            try output.json(report)
        } else {
            output.line(report.markdown())
        }
        output.flush()
    }

    static func range(_ text: String) throws -> [UInt64] {
        let parts = text.split(separator: "-").compactMap { UInt64($0) }
        guard parts.count == 2, parts[0] <= parts[1] else {
            throw ValidationError("A seed range is two numbers like 1-40, the first not above the second.")
        }
        return Array(parts[0]...parts[1])
    }
}
