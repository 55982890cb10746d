/// How carelessly a simulated learner marks the words they do not know.
public struct MarkingNoise: Hashable, Sendable, Codable {
    /// The kind of marker.
    public var profile: NoiseProfile
    /// The chance of leaving an unknown word unmarked at each sighting.
    public var missRate: Double
    /// The chance of marking a known word by accident, once per page it is on.
    public var slipRate: Double
    /// The most words marked on one page, after which a lazy marker stops, or `nil` for no limit.
    public var marksPerPage: Int?

    /// Creates a noise setting.
    public init(profile: NoiseProfile, missRate: Double, slipRate: Double, marksPerPage: Int? = nil) {
        self.profile = profile
        self.missRate = missRate
        self.slipRate = slipRate
        self.marksPerPage = marksPerPage
    }
}

/// The kinds of markers the simulation draws learners from.
public enum NoiseProfile: String, Hashable, Sendable, Codable, CaseIterable {
    /// Marks nearly every unknown word and almost never a known one.
    case careful
    /// Misses a fifth to two fifths of the unknown words.
    case missedMarks
    /// Marks a few per cent of known words by accident.
    case accidentalMarks
    /// Marks only the first few unknown words on each page, then reads on.
    case lazy

    /// Draws a setting of this profile; held-out settings come from wider ranges than tuning ones.
    public func sample(using generator: inout SplitMix64, heldOut: Bool) -> MarkingNoise {
        switch self {
        case .careful:
            return MarkingNoise(
                profile: self, missRate: generator.uniform(0...(heldOut ? 0.08 : 0.05)),
                slipRate: generator.uniform(0...(heldOut ? 0.01 : 0.005)))
        case .missedMarks:
            return MarkingNoise(
                profile: self, missRate: generator.uniform(heldOut ? 0.15...0.45 : 0.2...0.4),
                slipRate: generator.uniform(0...0.01))
        case .accidentalMarks:
            return MarkingNoise(
                profile: self, missRate: generator.uniform(0...0.1),
                slipRate: generator.uniform(heldOut ? 0.01...0.06 : 0.02...0.05))
        case .lazy:
            let range = heldOut ? 3...10 : 4...8
            let cap = range.lowerBound + Int(generator.next() % UInt64(range.count))
            return MarkingNoise(
                profile: self, missRate: generator.uniform(0...0.1), slipRate: generator.uniform(0...0.01),
                marksPerPage: cap)
        }
    }
}
