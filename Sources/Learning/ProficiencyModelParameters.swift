import Foundation

/// The constants of the proficiency model; the defaults were chosen on the simulation's tuning seeds.
///
/// See `ProficiencyModel.md` next to this file for what each one means.
public struct ProficiencyModelParameters: Hashable, Sendable, Codable {
    /// How steeply knowing a word falls with its level above the learner's ability (logistic slope `a`).
    public var slope: Double
    /// The share of a level's words a learner must know to be "at" that level (`τ`).
    public var levelThreshold: Double
    /// The candidate shares of unknown words a learner leaves unmarked (the miss rate `m`), summed over.
    public var missRates: [Double]
    /// The prior weight of each of ``missRates`` (normalised before use).
    public var missRatePrior: [Double]
    /// The candidate shares of known words a learner marks by accident (the slip rate `s`), summed over.
    public var slipRates: [Double]
    /// The prior weight of each of ``slipRates`` (normalised before use).
    public var slipRatePrior: [Double]
    /// The most sightings of a word that count as separate chances to mark it (misses and slips compound).
    public var maximumSightings: Int
    /// The mean of the normal prior on the ability `θ`, in HSK levels.
    public var priorMean: Double
    /// The standard deviation of the normal prior on `θ`; large, so the data dominate.
    public var priorStandardDeviation: Double
    /// The step of the grid over `θ`.
    public var gridStep: Double
    /// The posterior mass of the credible intervals (0.8 gives the 10th to 90th percentiles).
    public var credibleMass: Double
    /// The age at which an observation counts half, or `nil` to weigh all reading equally.
    public var recencyHalfLife: Double?
    /// The least weight an old observation keeps.
    public var minimumRecencyWeight: Double
    /// The prior probability that the learner knows a word the list does not grade.
    public var unlistedKnownPrior: Double
    /// The fewest graded words below which no level is estimated.
    public var minimumGradedWords: Int
    /// The fewest words of a level that must have been read before the learner can be placed at it.
    public var minimumWordsForLevel: Int
    /// Mastery above which the reading is too easy.
    public var tooEasyMastery: Double
    /// Mastery from which the reading is comfortable.
    public var comfortableMastery: Double
    /// Mastery from which the reading is challenging; below it, too hard.
    public var challengingMastery: Double

    /// Creates parameters; every argument defaults to the tuned value.
    public init(
        slope: Double = 2.5,
        levelThreshold: Double = 0.7,
        missRates: [Double] = [0.03, 0.15, 0.3, 0.45, 0.6, 0.75],
        missRatePrior: [Double] = [0.3, 0.25, 0.2, 0.12, 0.08, 0.05],
        slipRates: [Double] = [0.005, 0.03, 0.1],
        slipRatePrior: [Double] = [0.5, 0.35, 0.15],
        maximumSightings: Int = 3,
        priorMean: Double = 3.5,
        priorStandardDeviation: Double = 3,
        gridStep: Double = 0.05,
        credibleMass: Double = 0.8,
        recencyHalfLife: Double? = 180 * 86_400,
        minimumRecencyWeight: Double = 0.25,
        unlistedKnownPrior: Double = 0.7,
        minimumGradedWords: Int = 5,
        minimumWordsForLevel: Int = 3,
        tooEasyMastery: Double = 0.97,
        comfortableMastery: Double = 0.9,
        challengingMastery: Double = 0.75
    ) {
        self.slope = slope
        self.levelThreshold = levelThreshold
        self.missRates = missRates
        self.missRatePrior = missRatePrior
        self.slipRates = slipRates
        self.slipRatePrior = slipRatePrior
        self.maximumSightings = maximumSightings
        self.priorMean = priorMean
        self.priorStandardDeviation = priorStandardDeviation
        self.gridStep = gridStep
        self.credibleMass = credibleMass
        self.recencyHalfLife = recencyHalfLife
        self.minimumRecencyWeight = minimumRecencyWeight
        self.unlistedKnownPrior = unlistedKnownPrior
        self.minimumGradedWords = minimumGradedWords
        self.minimumWordsForLevel = minimumWordsForLevel
        self.tooEasyMastery = tooEasyMastery
        self.comfortableMastery = comfortableMastery
        self.challengingMastery = challengingMastery
    }

    /// The tuned defaults.
    public static let `default` = ProficiencyModelParameters()

    /// How far above a level's `θ` the level starts: `logit(τ) / a`.
    var levelOffset: Double { log(levelThreshold / (1 - levelThreshold)) / slope }
}
