public import ChineseText
import Foundation

/// Measures ``ProficiencyEstimator`` and ``SeedProficiencyRule`` on simulated learners of known level.
///
/// For every seed, level 1–6 and ``NoiseProfile`` one learner is drawn; each reads the placement
/// passage (pages of ``placementSentencesPerPage`` sentences) and, separately, five pages of six
/// sentences of one level within one of their own. Candidate parameters are scored on the tuning
/// seeds; the best is then measured on the evaluation seeds, whose learners use wider noise ranges
/// and read texts from the other half of each level's sentences, so the headline is out of sample.
///
/// ```swift
/// let report = ProficiencySimulation.run(resources: try .load())
/// print(report.markdown())
/// ```
public enum ProficiencySimulation {
    /// Sentences per page of the placement passage.
    public static let placementSentencesPerPage = 3
    /// Pages of single-level reading.
    public static let readingPages = 5
    /// Sentences per page of single-level reading.
    public static let sentencesPerReadingPage = 6
    /// The true levels simulated.
    public static let learnerLevels = 1...6

    /// The default candidates: a grid of slopes and level thresholds over the default parameters.
    public static var defaultCandidates: [ProficiencyModelParameters] {
        [1.5, 2, 2.5, 3, 4].flatMap { slope in
            [0.5, 0.6, 0.7, 0.8].map { threshold in
                var parameters = ProficiencyModelParameters.default
                parameters.slope = slope
                parameters.levelThreshold = threshold
                return parameters
            }
        }
    }

    /// Runs the simulation: tunes on `tuningSeeds`, reports on `evaluationSeeds`. Deterministic.
    public static func run(
        resources: ChineseTextResources, standard: HSKStandard = .hsk3, tuningSeeds: [UInt64] = Array(1...40),
        evaluationSeeds: [UInt64] = Array(1001...1100), candidates: [ProficiencyModelParameters]? = nil
    ) -> SimulationReport {
        let corpus = GradedSentence.bundled(resources: resources, standard: standard)
        let passage = PlacementPassage.build(from: corpus, standard: standard)
        let hsk = resources.hsk
        let seedRule = SeedProficiencyRule { hsk.level(ofWord: $0, in: standard) }
        return run(
            corpus: corpus, passage: passage, seedRule: seedRule, standard: standard, tuningSeeds: tuningSeeds,
            evaluationSeeds: evaluationSeeds, candidates: candidates ?? defaultCandidates)
    }

    /// Runs the simulation over an already graded corpus and passage (for tests and other corpora).
    public static func run(
        corpus: [GradedSentence], passage: PlacementPassage, seedRule: SeedProficiencyRule, standard: HSKStandard,
        tuningSeeds: [UInt64], evaluationSeeds: [UInt64], candidates: [ProficiencyModelParameters]
    ) -> SimulationReport {
        let tuningCases = cases(
            corpus: corpus, passage: passage, standard: standard, seeds: tuningSeeds, heldOut: false)
        let evaluationCases = cases(
            corpus: corpus, passage: passage, standard: standard, seeds: evaluationSeeds, heldOut: true)
        var tuning: [TuningResult] = []
        var best: (score: Double, parameters: ProficiencyModelParameters)?
        for candidate in candidates.isEmpty ? [.default] : candidates {
            let estimator = ProficiencyEstimator(standard: standard, parameters: candidate)
            let outcomes = tuningCases.map { outcome(of: $0, estimator: estimator, seedRule: nil) }
            let placement = accuracy(outcomes.filter { $0.scenario == .placement }, ours: true)
            let single = accuracy(outcomes.filter { $0.scenario == .singleLevel }, ours: true)
            let score =
                (placement.exact + single.exact) / 2 + (placement.withinOne + single.withinOne) / 4
            tuning.append(
                TuningResult(
                    slope: candidate.slope, levelThreshold: candidate.levelThreshold, placementExact: placement.exact,
                    singleLevelExact: single.exact, score: score))
            if score > (best?.score ?? -1) { best = (score, candidate) }
        }
        let chosen = best?.parameters ?? .default
        let estimator = ProficiencyEstimator(standard: standard, parameters: chosen)
        let tuningOutcomes = tuningCases.map { outcome(of: $0, estimator: estimator, seedRule: seedRule) }
        let evaluationOutcomes = evaluationCases.map { outcome(of: $0, estimator: estimator, seedRule: seedRule) }
        let times = evaluationOutcomes.map(\.microseconds).sorted()
        return SimulationReport(
            standard: standard, tuningSeeds: tuningSeeds, evaluationSeeds: evaluationSeeds,
            placementSentences: passage.sentences.count, placementWords: passage.observations(marked: []).count,
            tuning: tuning, chosen: chosen, tuningAccuracy: groups(tuningOutcomes),
            evaluationAccuracy: groups(evaluationOutcomes),
            medianEstimateMicroseconds: times.isEmpty ? 0 : times[times.count / 2])
    }

    /// One simulated learner's reading in one scenario.
    struct Case {
        var learner: SimulatedLearner
        var scenario: SimulationScenario
        var textLevelOffset: Int
        var observations: [WordObservation]
    }

    struct Outcome {
        var scenario: SimulationScenario
        var truth: Int
        var profile: NoiseProfile
        var textLevelOffset: Int
        var level: Int?
        var interval: LevelInterval?
        var seedLevel: Int?
        var microseconds: Double
    }

    static func cases(
        corpus: [GradedSentence], passage: PlacementPassage, standard: HSKStandard, seeds: [UInt64], heldOut: Bool
    ) -> [Case] {
        let placementIDs = Set(passage.sentences.map(\.id))
        let placementPages = stride(from: 0, to: passage.sentences.count, by: placementSentencesPerPage).map {
            Array(passage.sentences[$0..<min($0 + placementSentencesPerPage, passage.sentences.count)])
        }
        // Tuning learners read the first half of each level's sentences, held-out learners the second.
        var pools: [Int: [GradedSentence]] = [:]
        for level in learnerLevels {
            let all = corpus.filter { $0.hskLevel == level && !placementIDs.contains($0.id) && !$0.words.isEmpty }
            let half = all.count / 2
            pools[level] = heldOut ? Array(all[half...]) : Array(all[..<half])
        }
        let highest = standard.levels.last ?? 6
        var result: [Case] = []
        for seed in seeds {
            for level in learnerLevels {
                for (profileIndex, profile) in NoiseProfile.allCases.enumerated() {
                    var generator = SplitMix64(
                        seed: SplitMix64.mix(seed) ^ (UInt64(level) << 8) ^ (UInt64(profileIndex) << 16))
                    let noise = profile.sample(using: &generator, heldOut: heldOut)
                    let learner = SimulatedLearner(
                        level: level, noise: noise, highestLevel: highest, using: &generator)
                    result.append(
                        Case(
                            learner: learner, scenario: .placement, textLevelOffset: 0,
                            observations: learner.read(placementPages, using: &generator)))
                    let offset = Int(generator.next() % 3) - 1
                    let textLevel = min(max(level + offset, learnerLevels.lowerBound), learnerLevels.upperBound)
                    let pool = pools[textLevel] ?? []
                    guard !pool.isEmpty else { continue }
                    let start = Int(generator.next() % UInt64(pool.count))
                    let sentences = (0..<(readingPages * sentencesPerReadingPage)).map {
                        pool[(start + $0) % pool.count]
                    }
                    let pages = stride(from: 0, to: sentences.count, by: sentencesPerReadingPage).map {
                        Array(sentences[$0..<$0 + sentencesPerReadingPage])
                    }
                    result.append(
                        Case(
                            learner: learner, scenario: .singleLevel, textLevelOffset: textLevel - level,
                            observations: learner.read(pages, using: &generator)))
                }
            }
        }
        return result
    }

    static func outcome(
        of simulated: Case, estimator: ProficiencyEstimator, seedRule: SeedProficiencyRule?
    )
        -> Outcome
    {
        let start = DispatchTime.now().uptimeNanoseconds
        let estimate = estimator.estimate(simulated.observations)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        return Outcome(
            scenario: simulated.scenario, truth: simulated.learner.level, profile: simulated.learner.noise.profile,
            textLevelOffset: simulated.textLevelOffset, level: estimate.level, interval: estimate.levelInterval,
            seedLevel: seedRule?.calculate(simulated.observations).estimatedLevel, microseconds: elapsed)
    }

    static func accuracy(_ outcomes: [Outcome], ours: Bool) -> Accuracy {
        guard !outcomes.isEmpty else {
            return Accuracy(
                cases: 0, exact: 0, withinOne: 0, intervalCoverage: 0, meanIntervalWidth: 0, confusion: [])
        }
        let count = Double(outcomes.count)
        var exact = 0.0
        var withinOne = 0.0
        var covered = 0.0
        var width = 0.0
        let size = (outcomes.map { max($0.truth, $0.level ?? 0, $0.seedLevel ?? 0) }.max() ?? 0) + 1
        var confusion = Array(repeating: Array(repeating: 0, count: size), count: size)
        for outcome in outcomes {
            let guess = ours ? outcome.level : outcome.seedLevel
            let interval = ours ? outcome.interval : outcome.seedLevel.map { LevelInterval(min: $0 - 1, max: $0 + 1) }
            confusion[outcome.truth][guess ?? 0] += 1
            if let guess {
                if guess == outcome.truth { exact += 1 }
                if abs(guess - outcome.truth) <= 1 { withinOne += 1 }
            }
            if let interval {
                if interval.contains(outcome.truth) { covered += 1 }
                width += Double(interval.max - interval.min + 1)
            }
        }
        return Accuracy(
            cases: outcomes.count, exact: exact / count, withinOne: withinOne / count,
            intervalCoverage: covered / count, meanIntervalWidth: width / count,
            confusion: Array(confusion.dropFirst()))
    }

    static func groups(_ outcomes: [Outcome]) -> [GroupAccuracy] {
        var result: [GroupAccuracy] = []
        func add(_ scenario: SimulationScenario, _ group: String, _ selected: [Outcome]) {
            guard !selected.isEmpty else { return }
            result.append(
                GroupAccuracy(
                    scenario: scenario, group: group, estimator: accuracy(selected, ours: true),
                    seedRule: accuracy(selected, ours: false)))
        }
        for scenario in SimulationScenario.allCases {
            let inScenario = outcomes.filter { $0.scenario == scenario }
            add(scenario, "all", inScenario)
            for profile in NoiseProfile.allCases {
                add(scenario, profile.rawValue, inScenario.filter { $0.profile == profile })
            }
            for level in learnerLevels {
                add(scenario, "level \(level)", inScenario.filter { $0.truth == level })
            }
            if scenario == .singleLevel {
                for offset in -1...1 {
                    let label = offset == 0 ? "text at level" : "text level \(offset > 0 ? "+" : "")\(offset)"
                    add(scenario, label, inScenario.filter { $0.textLevelOffset == offset })
                }
            }
        }
        return result
    }
}
