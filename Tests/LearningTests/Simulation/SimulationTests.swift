import ChineseText
import Learning
import Testing

@Suite struct SimulationTests {
    @Test func splitMixMatchesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func sameSeedSameLearner() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let noise = NoiseProfile.careful.sample(using: &first, heldOut: false)
        #expect(noise == NoiseProfile.careful.sample(using: &second, heldOut: false))
        #expect(
            SimulatedLearner(level: 3, noise: noise, using: &first)
                == SimulatedLearner(level: 3, noise: noise, using: &second))
    }

    @Test(arguments: NoiseProfile.allCases)
    func heldOutNoiseStaysInRange(profile: NoiseProfile) {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let noise = profile.sample(using: &generator, heldOut: true)
            #expect((0...1).contains(noise.missRate) && (0...1).contains(noise.slipRate))
            #expect((noise.marksPerPage != nil) == (profile == .lazy))
        }
    }

    @Test func carefulLearnerMarksExactlyTheWordsTheyDoNotKnow() {
        let noise = MarkingNoise(profile: .careful, missRate: 0, slipRate: 0)
        let learner = SimulatedLearner(
            level: 2, knownShare: [1, 1, 0, 0, 0, 0], unlistedKnownShare: 1, noise: noise, seed: 1)
        let page = [
            GradedSentence(
                id: "s", hskLevel: 3, text: "",
                words: [.init(text: "我", level: 1), .init(text: "会议", level: 3), .init(text: "懂", level: 2)])
        ]
        var generator = SplitMix64(seed: 1)
        let observations = learner.read([page, page], using: &generator)
        #expect(observations.filter(\.isMarked).map(\.word) == ["会议"])
        #expect(observations.allSatisfy { $0.timesSeen == 2 })
    }

    @Test func lazyLearnerStopsAfterTheCap() {
        let noise = MarkingNoise(profile: .lazy, missRate: 0, slipRate: 0, marksPerPage: 2)
        let learner = SimulatedLearner(level: 1, knownShare: [0], unlistedKnownShare: 0, noise: noise, seed: 1)
        let words = (0..<6).map { GradedSentence.Word(text: "w\($0)", level: 1) }
        var generator = SplitMix64(seed: 1)
        let observations = learner.read(
            [[GradedSentence(id: "s", hskLevel: 1, text: "", words: words)]], using: &generator)
        #expect(observations.filter(\.isMarked).count == 2)
    }

    @Test func smallRunBeatsTheSeedRuleOnPlacement() throws {
        let report = ProficiencySimulation.run(
            resources: try ChineseTextResources.load(), tuningSeeds: [1], evaluationSeeds: [2, 3],
            candidates: [.default])
        let placement = try #require(report.evaluationAccuracy.first { $0.scenario == .placement && $0.group == "all" })
        #expect(placement.estimator.cases == 2 * 6 * NoiseProfile.allCases.count)
        #expect(placement.estimator.withinOne > placement.seedRule.withinOne)
        #expect(placement.estimator.exact > 0.6)
        #expect(report.markdown().contains("Held-out"))
    }
}
