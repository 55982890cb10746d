import Foundation

/// The word costs the lattice segmenter minimises, derived once from the lexicon's frequencies.
///
/// A word's cost is its negative log probability under a unigram model over jieba's corpus counts,
/// with smoothing for CEDICT headwords the corpus never saw. Building it takes a few milliseconds
/// (one logarithm per trie node), so it is done when the first segmenter is made, not at load.
final class SegmentationModel: Sendable {
    typealias Parameters = SegmenterParameters

    let lexicon: CEDICTLexicon
    let parameters: Parameters
    /// Cost per trie node; infinity where the node is not a headword.
    let nodeCost: [Float]
    /// Root children for scalars below U+10000, indexed by scalar; 0 where there is none.
    let rootChildren: [Int32]
    let ruleCost: Float
    let dateRuleCost: Float
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
        // Node depth is the headword's length in scalars; BFS order means depth never decreases.
        var depth = [UInt8](repeating: 0, count: file.nodeCount)
        for node in 0..<file.nodeCount {
            let first = file.nodeFirstChild(node)
            for child in first..<first + file.nodeChildCount(node) { depth[child] = depth[node] &+ 1 }
            if costs[node] < .infinity {
                if depth[node] == 3 { costs[node] += parameters.threeCharacterPenalty }
                if depth[node] >= 4 { costs[node] += parameters.longWordPenalty }
            }
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
        dateRuleCost = Float(logTotal - log(parameters.dateRuleFrequency)) + parameters.tokenPenalty
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
