/// A dictionary segmenter: the cheapest path through a lattice of CC-CEDICT headwords, number
/// expressions and names, costed by corpus frequency.
///
/// Text is first cut into runs by script. Whitespace, punctuation and other scripts become tokens
/// directly; runs of Han characters, letters and digits go through the lattice, where every
/// headword starting at each position is an arc (found by walking the lexicon's trie), and runs of
/// letters or digits are atoms that a headword may include (`T恤`, `卡拉OK`) but never cut.
/// The unknown-word model then joins leftover single characters that look like names.
public struct LatticeSegmenter: Segmenter {
    let model: SegmentationModel
    let names: NameRecognizer?
    private var overrideIndex: [UInt32: [(text: [UInt32], partLengths: [Int])]] = [:]

    /// Words and splits that override the model.
    public var userDictionary: UserDictionary {
        didSet { overrideIndex = userDictionary.compiled() }
    }

    /// Creates a segmenter over `lexicon`, with the unknown-word model if `names` is given.
    public init(lexicon: CEDICTLexicon, names: NameRecognizer? = nil, userDictionary: UserDictionary = .init()) {
        self.init(model: SegmentationModel(lexicon: lexicon), names: names, userDictionary: userDictionary)
    }

    init(model: SegmentationModel, names: NameRecognizer?, userDictionary: UserDictionary = .init()) {
        self.model = model
        self.names = names
        self.userDictionary = userDictionary
        self.overrideIndex = userDictionary.compiled()
    }

    /// Segments `text` into tokens that concatenate back to it exactly.
    public func segment(_ text: String) -> [Token] {
        var input = ScalarText(text)
        var tokens: [Token] = []
        tokens.reserveCapacity(input.count / 2 + 1)
        var position = 0
        let count = input.count
        while position < count {
            let kind = input.classes[position]
            var end = position + 1
            switch kind {
            case .han, .digit, .letter:
                end = input.latticeRunEnd(from: position)
                segmentRun(&input, position, end, into: &tokens)
                position = end
                continue
            case .whitespace:
                while end < count, input.classes[end] == .whitespace || input.classes[end] == .extending { end += 1 }
                input.append(&tokens, position, end, .whitespace, .unknown)
            case .punctuation:
                let scalar = input.scalars[position]
                while end < count, input.scalars[end] == scalar || input.classes[end] == .extending { end += 1 }
                input.append(&tokens, position, end, .punctuation, .unknown)
            case .kana, .hangul, .other, .extending:
                while end < count, input.classes[end] == kind || input.classes[end] == .extending { end += 1 }
                input.append(&tokens, position, end, .other, .unknown)
            }
            position = end
        }
        return tokens
    }

    // MARK: The lattice

    private struct Arc {
        var end: Int32 = -1
        var cost: Float = .infinity
        var kind: TokenKind = .chineseWord
        var source: TokenSource = .unknown
    }

    /// Segments the run `start ..< end` of Han characters, letters and digits.
    private func segmentRun(_ input: inout ScalarText, _ start: Int, _ end: Int, into tokens: inout [Token]) {
        let units = input.units(start, end)
        let length = end - start
        // boundary[p - start] is true where a unit starts (or at the end of the run).
        var boundary = [Bool](repeating: false, count: length + 1)
        for unit in units { boundary[unit.start - start] = true }
        boundary[length] = true

        let constraints =
            overrideIndex.isEmpty ? nil : OverrideConstraints(input, start, end, overrideIndex, boundary: boundary)

        var best = [Float](repeating: .infinity, count: length + 1)
        var choice = [Arc](repeating: Arc(), count: length + 1)
        best[length] = 0
        let scalars = input.scalars
        for unit in units.reversed() {
            let from = unit.start
            let offset = from - start
            var arc = Arc()
            func consider(_ to: Int, _ cost: Float, _ kind: TokenKind, _ source: TokenSource) {
                let total = cost + best[to - start]
                if total < arc.cost {
                    arc = Arc(end: Int32(to), cost: total, kind: kind, source: source)
                }
            }
            if let forced = constraints?.forcedArc(at: from) {
                consider(forced, 0, .chineseWord, .user)
                best[offset] = arc.cost
                choice[offset] = arc
                continue
            }
            let allowedEnd = constraints?.latestEnd(from: from, runEnd: end) ?? end
            // Dictionary words starting here.
            var node = 0
            var position = from
            var unitIsHeadword = false
            while position < allowedEnd, let next = model.step(from: node, scalars[position].foldedWidth) {
                node = next
                position += 1
                if boundary[position - start], model.nodeCost[node] < .infinity {
                    if position == unit.end { unitIsHeadword = true }
                    consider(position, model.nodeCost[node], unit.kind, .dictionary)
                }
            }
            // The unit on its own.
            if unit.kind == .chineseWord {
                if !unitIsHeadword {
                    consider(unit.end, model.unknownCharacterCost, .chineseWord, .unknown)
                }
            } else {
                consider(unit.end, model.atomicCost, unit.kind, .unknown)
            }
            // Numbers, dates and measures.
            for ruleEnd in NumberExpression.ends(in: input, from: from, runEnd: allowedEnd)
            where boundary[ruleEnd - start] {
                let isDate = input.classes[from] == .digit
                consider(ruleEnd, isDate ? model.dateRuleCost : model.ruleCost, .number, .rule)
            }
            best[offset] = arc.cost
            choice[offset] = arc
        }

        var pieces: [(start: Int, end: Int, kind: TokenKind, source: TokenSource)] = []
        var position = start
        while position < end {
            let arc = choice[position - start]
            let next = Int(arc.end)
            pieces.append((position, next, arc.kind, arc.source))
            position = next
        }
        if let names {
            pieces = names.join(pieces, in: input, model: model)
        }
        for piece in pieces {
            input.append(&tokens, piece.start, piece.end, piece.kind, piece.source)
        }
    }
}
