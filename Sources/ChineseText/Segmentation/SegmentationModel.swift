import Foundation

/// The word costs the lattice segmenter minimises, derived once from the lexicon's frequencies.
///
/// A word's cost is its negative log probability under a unigram model over jieba's corpus counts,
/// with smoothing for CEDICT headwords the corpus never saw. Building it takes a few milliseconds
/// (one logarithm per trie node), so it is done when the first segmenter is made, not at load.
final class SegmentationModel: Sendable {
    /// Tunable constants, fitted on the UD GSDSimp dev set (see BENCHMARKS.md).
    struct Parameters: Sendable {
        /// Corpus count assumed for a CEDICT headword missing from the frequency list.
        var unseenWordFrequency: Double = 2
        /// Cost of a Han character that is not a headword on its own.
        var unknownCharacterCost: Float = 24
        /// Corpus count assumed for a number or date expression found by rule.
        var ruleFrequency: Double = 3000
        /// Added to every token's cost: positive favours fewer, longer tokens.
        var tokenPenalty: Float = 0
        /// Corpus count assumed for a run of Latin letters or digits.
        var atomicFrequency: Double = 1000
    }

    let lexicon: CEDICTLexicon
    let parameters: Parameters
    /// Cost per trie node; infinity where the node is not a headword.
    let nodeCost: [Float]
    /// Root children for scalars below U+10000, indexed by scalar; 0 where there is none.
    let rootChildren: [Int32]
    let ruleCost: Float
    let atomicCost: Float
    let logTotal: Double

    init(lexicon: CEDICTLexicon, parameters: Parameters = Parameters()) {
        self.lexicon = lexicon
        self.parameters = parameters
        let file = lexicon.file
        let logTotal = log(max(file.metadata.totalFrequency, 1))
        self.logTotal = logTotal
        let unseen = log(parameters.unseenWordFrequency)
        var costs = [Float](repeating: .infinity, count: file.nodeCount)
        for node in 0..<file.nodeCount where file.nodePostingCount(node) > 0 {
            let frequency = file.nodeFrequency(node)
            let logFrequency = frequency > 0 ? log(Double(frequency)) : unseen
            costs[node] = Float(logTotal - logFrequency) + parameters.tokenPenalty
        }
        nodeCost = costs
        var root = [Int32](repeating: 0, count: 0x10000)
        let first = file.nodeFirstChild(0)
        for child in first..<first + file.nodeChildCount(0) {
            let scalar = file.nodeScalar(child)
            if scalar < 0x10000 { root[Int(scalar)] = Int32(child) }
        }
        rootChildren = root
        ruleCost = Float(logTotal - log(parameters.ruleFrequency)) + parameters.tokenPenalty
        atomicCost = Float(logTotal - log(parameters.atomicFrequency)) + parameters.tokenPenalty
    }

    var unknownCharacterCost: Float { parameters.unknownCharacterCost + parameters.tokenPenalty }

    /// The trie node one step from `node` along `scalar`, or `nil`.
    @inline(__always)
    func step(from node: Int, _ scalar: UInt32) -> Int? {
        if node == 0 && scalar < 0x10000 {
            let child = Int(rootChildren[Int(scalar)])
            return child == 0 ? nil : child
        }
        return lexicon.file.child(of: node, scalar)
    }

    /// The cost of a dictionary word of the given corpus frequency (used for user words).
    func cost(ofFrequency frequency: Double) -> Float {
        Float(logTotal - log(max(frequency, 1))) + parameters.tokenPenalty
    }
}
