import Foundation

/// The word costs the lattice segmenter minimises, derived once from the lexicon's frequencies.
///
/// A word's cost is its negative log probability under a unigram model over jieba's corpus counts,
/// with smoothing for CEDICT headwords the corpus never saw. Building it takes a few milliseconds
/// (one logarithm per trie node), so it is done when the first segmenter is made, not at load.
/// Immutable after `init`; the raw buffers it owns are only read, which is why it is shared freely.
final class SegmentationModel: @unchecked Sendable {
    typealias Parameters = SegmenterParameters

    let lexicon: CEDICTLexicon
    let parameters: Parameters
    /// Cost per trie node; infinity where the node is not a headword.
    let nodeCost: UnsafeMutableBufferPointer<Float>
    /// Corpus count of each BMP character as a word on its own, indexed by scalar.
    private let characterFrequencies: UnsafeMutableBufferPointer<UInt32>
    /// Root children for scalars below U+10000, indexed by scalar; 0 where there is none. The sign
    /// bit is set when the child has children of its own.
    let rootChildren: UnsafeMutableBufferPointer<Int32>
    /// Every trie edge below the root in an open-addressing hash table keyed by (parent, scalar),
    /// each slot holding the child and its cost: one cache line per step of a walk, where a binary
    /// search over the mapped node records cost several misses.
    let edges: UnsafeMutableBufferPointer<Edge>
    private let edgeShift: UInt64
    private let edgeMask: Int
    /// One bit per hash of every edge, small enough to stay in cache: most walks end on an edge
    /// that does not exist, and this answers that without touching the table.
    private let edgeFilter: UnsafeMutableBufferPointer<UInt64>
    private let filterShift: UInt64

    struct Edge {
        var key: UInt64
        /// The child node; the top bit is set when it has children of its own.
        var child: UInt32
        var cost: Float
    }

    static let hasChildrenFlag: UInt32 = 1 << 31
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
        nodeCost = .allocate(capacity: costs.count)
        _ = nodeCost.initialize(from: costs)
        rootChildren = .allocate(capacity: 0x10000)
        rootChildren.initialize(repeating: 0)
        characterFrequencies = .allocate(capacity: 0x10000)
        characterFrequencies.initialize(repeating: 0)
        let first = file.nodeFirstChild(0)
        for child in first..<first + file.nodeChildCount(0) {
            let scalar = file.nodeScalar(child)
            if scalar < 0x10000 {
                characterFrequencies[Int(scalar)] = file.nodeFrequency(child)
                rootChildren[Int(scalar)] = Int32(
                    bitPattern: UInt32(child) | (file.nodeChildCount(child) > 0 ? Self.hasChildrenFlag : 0))
            }
        }
        // Edges: a power-of-two table at most about 55% full.
        var bits = 4
        while (1 << bits) < file.nodeCount * 9 / 5 { bits += 1 }
        let filterBits = bits + 2
        edgeFilter = .allocate(capacity: (1 << filterBits) / 64)
        edgeFilter.initialize(repeating: 0)
        filterShift = UInt64(64 - filterBits)
        edges = .allocate(capacity: 1 << bits)
        edges.initialize(repeating: Edge(key: .max, child: 0, cost: .infinity))
        edgeShift = UInt64(64 - bits)
        edgeMask = (1 << bits) - 1
        for node in 0..<file.nodeCount {
            let first = file.nodeFirstChild(node)
            for child in first..<first + file.nodeChildCount(node) {
                let key = UInt64(node) << 32 | UInt64(file.nodeScalar(child))
                let bit = Int(truncatingIfNeeded: (key &* 0xD6E8_FEB8_6659_FD93) >> filterShift)
                edgeFilter[bit >> 6] |= 1 << UInt64(bit & 63)
                var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> edgeShift)
                while edges[slot].key != .max { slot = (slot + 1) & edgeMask }
                let flag = file.nodeChildCount(child) > 0 ? Self.hasChildrenFlag : 0
                edges[slot] = Edge(key: key, child: UInt32(child) | flag, cost: nodeCost[child])
            }
        }
        ruleCost = Float(logTotal - log(parameters.ruleFrequency)) + parameters.tokenPenalty
        dateRuleCost = Float(logTotal - log(parameters.dateRuleFrequency)) + parameters.tokenPenalty
        atomicCost = Float(logTotal - log(parameters.atomicFrequency)) + parameters.tokenPenalty
    }

    deinit {
        nodeCost.deallocate()
        rootChildren.deallocate()
        characterFrequencies.deallocate()
        edges.deallocate()
        edgeFilter.deallocate()
    }

    var unknownCharacterCost: Float { parameters.unknownCharacterCost + parameters.tokenPenalty }

    /// The trie node one step from `node` along `scalar`, with the cost of the headword it ends
    /// (infinity if none) and whether the walk can go on from it, or `nil`: a table for the root,
    /// the edge hash below it.
    @inline(__always)
    func step(from node: Int, _ scalar: UInt32) -> (node: Int, cost: Float, hasChildren: Bool)? {
        if node == 0 && scalar < 0x10000 {
            let entry = UInt32(bitPattern: rootChildren[Int(scalar)])
            guard entry != 0 else { return nil }
            let child = Int(entry & ~Self.hasChildrenFlag)
            return (child, nodeCost[child], entry & Self.hasChildrenFlag != 0)
        }
        let key = UInt64(node) << 32 | UInt64(scalar)
        let bit = Int(truncatingIfNeeded: (key &* 0xD6E8_FEB8_6659_FD93) >> filterShift)
        guard edgeFilter[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return nil }
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> edgeShift)
        while true {
            let edge = edges[slot]
            if edge.key == key {
                return (Int(edge.child & ~Self.hasChildrenFlag), edge.cost, edge.child & Self.hasChildrenFlag != 0)
            }
            if edge.key == .max { return nil }
            slot = (slot &+ 1) & edgeMask
        }
    }

    /// Corpus count of `scalar` as a one-character word (0 if unknown).
    @inline(__always)
    func characterFrequency(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x10000 { return characterFrequencies[Int(scalar)] }
        guard let step = step(from: 0, scalar) else { return 0 }
        return lexicon.file.nodeFrequency(step.node)
    }

    /// The cost of a dictionary word of the given corpus frequency (used for user words).
    func cost(ofFrequency frequency: Double) -> Float {
        Float(logTotal - log(max(frequency, 1))) + parameters.tokenPenalty
    }
}
