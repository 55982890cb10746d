import Foundation

/// The posterior over a grid of abilities `θ` and miss rates `m` for one learner's evidence.
struct Posterior {
    let thetas: [Double]
    /// The (miss rate, slip rate) pairs summed over.
    let noises: [(miss: Double, slip: Double)]
    /// Normalised posterior weight, `weights[t * noises.count + j]` for `thetas[t]`, `noises[j]`.
    let weights: [Double]
    /// The marginal over `θ`.
    let thetaMarginal: [Double]

    init(evidence: Evidence, levels: [Int], parameters: ProficiencyModelParameters) {
        let low = Double(levels.first ?? 1) - 1.5
        let high = Double(levels.last ?? 6) + 1.5
        let step = max(parameters.gridStep, 0.001)
        let count = Int(((high - low) / step).rounded()) + 1
        thetas = (0..<count).map { low + Double($0) * step }
        let missRates = parameters.missRates.isEmpty ? [0.2] : parameters.missRates
        let missPrior = Self.normalised(
            parameters.missRatePrior.count == missRates.count
                ? parameters.missRatePrior : Array(repeating: 1, count: missRates.count))
        let slipRates = (parameters.slipRates.isEmpty ? [0.02] : parameters.slipRates).map { min(max($0, 1e-6), 0.5) }
        let slipPrior = Self.normalised(
            parameters.slipRatePrior.count == slipRates.count
                ? parameters.slipRatePrior : Array(repeating: 1, count: slipRates.count))
        var noises: [(miss: Double, slip: Double)] = []
        var noisePrior: [Double] = []
        for (j, miss) in missRates.enumerated() {
            for (k, slip) in slipRates.enumerated() {
                noises.append((min(max(miss, 1e-6), 1 - 1e-6), slip))
                noisePrior.append(missPrior[j] * slipPrior[k])
            }
        }
        self.noises = noises
        let slope = parameters.slope
        let levelValues = levels.map(Double.init)
        var logWeights = [Double](repeating: 0, count: thetas.count * noises.count)
        var largest = -Double.infinity
        for (t, theta) in thetas.enumerated() {
            let z = (theta - parameters.priorMean) / parameters.priorStandardDeviation
            let logPrior = -0.5 * z * z
            let knows = levelValues.map { 1 / (1 + exp(-slope * (theta - $0))) }
            for (j, noise) in noises.enumerated() {
                let (miss, slip) = noise
                var total = logPrior + log(noisePrior[j])
                for i in knows.indices {
                    let know = knows[i]
                    var keepsKnown = 1.0
                    var missesUnknown = 1.0
                    for n in 0..<evidence.sightingCap {
                        // Each sighting is another chance to mark: unmarked after n means n misses.
                        keepsKnown *= 1 - slip
                        missesUnknown *= miss
                        let bucket = i * evidence.sightingCap + n
                        if evidence.marked[bucket] > 0 {
                            total +=
                                evidence.marked[bucket]
                                * log(know * (1 - keepsKnown) + (1 - know) * (1 - missesUnknown))
                        }
                        if evidence.unmarked[bucket] > 0 {
                            total += evidence.unmarked[bucket] * log(know * keepsKnown + (1 - know) * missesUnknown)
                        }
                    }
                }
                logWeights[t * noises.count + j] = total
                largest = max(largest, total)
            }
        }
        weights = Self.normalised(logWeights.map { exp($0 - largest) })
        var marginal = [Double](repeating: 0, count: thetas.count)
        for t in thetas.indices {
            for j in noises.indices { marginal[t] += weights[t * noises.count + j] }
        }
        thetaMarginal = marginal
    }

    var meanTheta: Double { zip(thetas, thetaMarginal).reduce(0) { $0 + $1.0 * $1.1 } }

    var meanMissRate: Double {
        var total = 0.0
        for (index, weight) in weights.enumerated() { total += weight * noises[index % noises.count].miss }
        return total
    }

    var meanSlipRate: Double {
        var total = 0.0
        for (index, weight) in weights.enumerated() { total += weight * noises[index % noises.count].slip }
        return total
    }

    /// The `θ` below which the posterior has mass `probability`, interpolated between grid points.
    func quantile(_ probability: Double) -> Double {
        var cumulative = 0.0
        for (t, mass) in thetaMarginal.enumerated() {
            if cumulative + mass >= probability {
                let step = t + 1 < thetas.count ? thetas[t + 1] - thetas[t] : 0
                let fraction = mass > 0 ? (probability - cumulative) / mass : 0
                return thetas[t] - step / 2 + fraction * step
            }
            cumulative += mass
        }
        return thetas.last ?? 0
    }

    /// The posterior probability of each level (index 0 for `levels[0]`), binning `θ` by the level map.
    func levelProbabilities(levels: [Int], parameters: ProficiencyModelParameters) -> [Double] {
        let first = levels.first ?? 1
        let last = levels.last ?? 6
        var result = [Double](repeating: 0, count: levels.count)
        for (t, theta) in thetas.enumerated() {
            let level = min(max(Int((theta - parameters.levelOffset).rounded(.down)), first), last)
            result[level - first] += thetaMarginal[t]
        }
        return result
    }

    /// The share of the distinct words seen that the learner knows: posterior mean and credible interval.
    ///
    /// Each grid point gives, word by word, the probability the learner knows the word given its mark;
    /// the interval adds the spread between grid points to the spread of the words themselves (law of
    /// total variance) and uses a normal approximation, clipped to [0, 1].
    func mastery(
        evidence: Evidence, levels: [Int], parameters: ProficiencyModelParameters
    )
        -> (mean: Double, lower: Double, upper: Double)
    {
        let total = Double(evidence.totalCount)
        guard total > 0 else { return (0, 0, 0) }
        let levelValues = levels.map(Double.init)
        var mean = 0.0
        var secondMoment = 0.0
        for (index, weight) in weights.enumerated() where weight > 1e-12 {
            let theta = thetas[index / noises.count]
            let (miss, slip) = noises[index % noises.count]
            var known = 0.0
            var variance = 0.0
            func add(_ know: Double, marked: Int, unmarked: Int) {
                let ifMarked = know * slip / (know * slip + (1 - know) * (1 - miss))
                let ifUnmarked = know * (1 - slip) / (know * (1 - slip) + (1 - know) * miss)
                known += Double(marked) * ifMarked + Double(unmarked) * ifUnmarked
                variance +=
                    Double(marked) * ifMarked * (1 - ifMarked) + Double(unmarked) * ifUnmarked * (1 - ifUnmarked)
            }
            for i in levelValues.indices {
                let know = 1 / (1 + exp(-parameters.slope * (theta - levelValues[i])))
                add(know, marked: evidence.markedCounts[i], unmarked: evidence.unmarkedCounts[i])
            }
            add(parameters.unlistedKnownPrior, marked: evidence.unlistedMarked, unmarked: evidence.unlistedUnmarked)
            let share = known / total
            mean += weight * share
            secondMoment += weight * (variance / (total * total) + share * share)
        }
        let deviation = max(0, secondMoment - mean * mean).squareRoot()
        let half = Self.normalQuantile(0.5 + parameters.credibleMass / 2) * deviation
        return (mean, max(0, mean - half), min(1, mean + half))
    }

    static func normalised(_ values: [Double]) -> [Double] {
        let sum = values.reduce(0, +)
        guard sum > 0, sum.isFinite else { return values.map { _ in 1 / Double(max(values.count, 1)) } }
        return values.map { $0 / sum }
    }

    static func weightedMean(_ values: [Double], weights: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let normal = normalised(weights.count == values.count ? weights : values.map { _ in 1 })
        return zip(values, normal).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
    static func normalQuantile(_ p: Double) -> Double {
        let p = min(max(p, 1e-12), 1 - 1e-12)
        let a = [
            -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.3577518672690, -30.66479806614716,
            2.506628277459239,
        ]
        let b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
        let c = [
            -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
            4.374664141464968, 2.938163982698783,
        ]
        let d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
        let lowTail = 0.02425
        if p < lowTail {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - lowTail { return -normalQuantile(1 - p) }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
