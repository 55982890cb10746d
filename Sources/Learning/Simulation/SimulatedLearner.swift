/// A simulated learner of known HSK level who reads pages and marks the words they do not know.
///
/// Knowledge follows a jittered curve, drawn per learner: 96–99.5 % of the words below their level,
/// 85–97 % at it, 25–55 % one level above, 5–20 % two above, under 5 % beyond, and 40–80 % of
/// ungraded words. Whether they know a given word is fixed for the learner (a hash of the word and
/// their seed), so a word seen twice is known or unknown both times.
public struct SimulatedLearner: Hashable, Sendable, Codable {
    /// The true level.
    public var level: Int
    /// The chance of knowing a word of each level, first entry for level 1.
    public var knownShare: [Double]
    /// The chance of knowing an ungraded word.
    public var unlistedKnownShare: Double
    /// How the learner marks.
    public var noise: MarkingNoise
    /// The seed that fixes which words the learner knows.
    public var seed: UInt64

    /// Creates a learner with an explicit curve.
    public init(level: Int, knownShare: [Double], unlistedKnownShare: Double, noise: MarkingNoise, seed: UInt64) {
        self.level = level
        self.knownShare = knownShare
        self.unlistedKnownShare = unlistedKnownShare
        self.noise = noise
        self.seed = seed
    }

    /// Draws a learner of `level` with the jittered curve, over levels `1...highestLevel`.
    public init(level: Int, noise: MarkingNoise, highestLevel: Int = 7, using generator: inout SplitMix64) {
        let shares = (1...max(highestLevel, 1)).map { wordLevel -> Double in
            switch wordLevel - level {
            case ..<0: generator.uniform(0.96...0.995)
            case 0: generator.uniform(0.85...0.97)
            case 1: generator.uniform(0.25...0.55)
            case 2: generator.uniform(0.05...0.2)
            default: generator.uniform(0...0.05)
            }
        }
        self.init(
            level: level, knownShare: shares, unlistedKnownShare: generator.uniform(0.4...0.8), noise: noise,
            seed: generator.next())
    }

    /// Whether the learner knows `word`; the same answer every time.
    public func knows(_ word: GradedSentence.Word) -> Bool {
        let share: Double
        if let wordLevel = word.level, knownShare.indices.contains(wordLevel - 1) {
            share = knownShare[wordLevel - 1]
        } else {
            share = unlistedKnownShare
        }
        let bits = SplitMix64.mix(seed ^ SplitMix64.hash(word.text))
        return Double(bits >> 11) * 0x1.0p-53 < share
    }

    /// Reads `pages` in order, marking as the noise says, and returns one observation per distinct word.
    public func read(_ pages: [[GradedSentence]], using generator: inout SplitMix64) -> [WordObservation] {
        var order: [String] = []
        var records: [String: (level: Int?, seen: Int, marked: Bool)] = [:]
        for page in pages {
            var marksOnPage = 0
            var slipChecked: Set<String> = []
            for word in page.flatMap(\.words) {
                var record = records[word.text] ?? (word.level, 0, false)
                if record.seen == 0 { order.append(word.text) }
                record.seen += 1
                let underCap = noise.marksPerPage.map { marksOnPage < $0 } ?? true
                if !record.marked && underCap {
                    if knows(word) {
                        if slipChecked.insert(word.text).inserted && generator.nextUnit() < noise.slipRate {
                            record.marked = true
                        }
                    } else if generator.nextUnit() >= noise.missRate {
                        record.marked = true
                    }
                    if record.marked { marksOnPage += 1 }
                }
                records[word.text] = record
            }
        }
        return order.compactMap { word in
            records[word].map {
                WordObservation(word: word, hskLevel: $0.level, timesSeen: $0.seen, isMarked: $0.marked)
            }
        }
    }
}
