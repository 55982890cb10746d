public import ChineseText

/// The outcome of ``ProficiencySimulation/run(resources:standard:tuningSeeds:evaluationSeeds:candidates:)``.
public struct SimulationReport: Hashable, Sendable, Codable {
    /// The standard the levels are in.
    public var standard: HSKStandard
    /// The seeds the parameters were chosen on.
    public var tuningSeeds: [UInt64]
    /// The held-out seeds the headline comes from (with wider noise ranges and other texts).
    public var evaluationSeeds: [UInt64]
    /// The placement passage's sentences.
    public var placementSentences: Int
    /// The placement passage's distinct words.
    public var placementWords: Int
    /// Every candidate tried, with its score on the tuning seeds.
    public var tuning: [TuningResult]
    /// The candidate with the best tuning score.
    public var chosen: ProficiencyModelParameters
    /// The chosen parameters on the tuning seeds (optimistic, for reference).
    public var tuningAccuracy: [GroupAccuracy]
    /// The chosen parameters on the held-out seeds: the headline.
    public var evaluationAccuracy: [GroupAccuracy]
    /// The median time of one estimate on the held-out cases, in microseconds.
    public var medianEstimateMicroseconds: Double

    /// The report as Markdown tables (held-out accuracy first).
    public func markdown() -> String {
        func table(_ rows: [GroupAccuracy]) -> String {
            var lines = [
                "| Scenario | Group | Cases | Ours exact | Ours ±1 | Ours interval covers | Seed rule exact | Seed rule ±1 |",
                "|---|---|---:|---:|---:|---:|---:|---:|",
            ]
            for row in rows {
                lines.append(
                    "| \(row.scenario.rawValue) | \(row.group) | \(row.estimator.cases) | "
                        + "\(percent(row.estimator.exact)) | \(percent(row.estimator.withinOne)) | "
                        + "\(percent(row.estimator.intervalCoverage)) | \(percent(row.seedRule.exact)) | "
                        + "\(percent(row.seedRule.withinOne)) |")
            }
            return lines.joined(separator: "\n")
        }
        let chosenLine =
            "slope \(chosen.slope), level threshold \(chosen.levelThreshold), slip rates \(chosen.slipRates), "
            + "prior N(\(chosen.priorMean), \(chosen.priorStandardDeviation)²)"
        return """
            Standard: \(standard.displayName). Placement passage: \(placementSentences) sentences, \
            \(placementWords) distinct words.
            Tuning seeds: \(tuningSeeds.count) (\(tuning.count) candidates); held-out seeds: \(evaluationSeeds.count).
            Chosen: \(chosenLine). Median estimate: \(String(format: "%.0f", medianEstimateMicroseconds)) µs.

            Held-out (headline):

            \(table(evaluationAccuracy))

            Tuning seeds (the chosen parameters, optimistic):

            \(table(tuningAccuracy))
            """
    }

    private func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
}

/// One candidate parameter set and its score on the tuning seeds.
public struct TuningResult: Hashable, Sendable, Codable {
    /// The candidate's slope.
    public var slope: Double
    /// The candidate's level threshold.
    public var levelThreshold: Double
    /// Placement exact accuracy on the tuning seeds.
    public var placementExact: Double
    /// Single-level reading exact accuracy on the tuning seeds.
    public var singleLevelExact: Double
    /// The score maximised: mean exact plus half the mean within-one accuracy over the two scenarios.
    public var score: Double
}

/// Accuracy of both methods on one group of cases.
public struct GroupAccuracy: Hashable, Sendable, Codable {
    /// The reading scenario.
    public var scenario: SimulationScenario
    /// The group: `all`, a noise profile, `level N`, or `text level ±N`.
    public var group: String
    /// The estimator's accuracy.
    public var estimator: Accuracy
    /// The seed rule's accuracy.
    public var seedRule: Accuracy
}

/// Exact and within-one accuracy over a set of cases.
public struct Accuracy: Hashable, Sendable, Codable {
    /// Number of cases.
    public var cases: Int
    /// Share estimated at exactly the true level.
    public var exact: Double
    /// Share estimated within one level of the truth.
    public var withinOne: Double
    /// Share whose interval contains the true level.
    public var intervalCoverage: Double
    /// Mean number of levels the interval spans.
    public var meanIntervalWidth: Double
    /// Counts by true level (row, from level 1) and estimated level (column, from level 1; 0 for none).
    public var confusion: [[Int]]
}

/// What the simulated learner reads before being estimated.
public enum SimulationScenario: String, Hashable, Sendable, Codable, CaseIterable {
    /// The placement passage, split into pages.
    case placement
    /// Five pages of sentences of one level, within one level of the learner's.
    case singleLevel
}
