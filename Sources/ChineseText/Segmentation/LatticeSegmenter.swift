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
    ///
    /// Texts longer than about a quarter of a million characters are segmented in pieces cut at a
    /// line break, space or punctuation mark, so working memory stays bounded whatever the input.
    public func segment(_ text: String) -> [Token] {
        var tokens: [Token] = []
        segment(text) { tokens += $0 }
        return tokens
    }

    /// Segments `text` piece by piece, handing each piece's tokens (with ranges in the whole text)
    /// to `body` as soon as they are ready: for streaming very long texts in bounded memory.
    public func segment(_ text: String, in body: ([Token]) throws -> Void) rethrows {
        guard text.utf8.count > Self.chunkLength * 3 else { return try body(segmentWhole(text)) }
        var utf16Offset = 0
        var characterOffset = 0
        for chunk in Self.chunks(of: text) {
            var tokens = segmentWhole(String(chunk))
            for index in tokens.indices {
                tokens[index].utf16Range = tokens[index].utf16Range.shifted(by: utf16Offset)
                tokens[index].characterRange = tokens[index].characterRange.shifted(by: characterOffset)
            }
            try body(tokens)
            utf16Offset += chunk.utf16.count
            characterOffset += chunk.unicodeScalars.count
        }
    }

    /// Characters per piece when a long text is segmented in pieces.
    public static let chunkLength = 1 << 18

    /// Pieces of about `chunkLength` scalars, each ending just after a line break, space or
    /// punctuation mark when one comes within 4,096 scalars, else at the next non-combining scalar.
    static func chunks(of text: String) -> [Substring] {
        let scalars = text.unicodeScalars
        var pieces: [Substring] = []
        var start = scalars.startIndex
        while start != scalars.endIndex {
            guard let target = scalars.index(start, offsetBy: chunkLength, limitedBy: scalars.endIndex),
                target != scalars.endIndex
            else {
                pieces.append(Substring(scalars[start...]))
                break
            }
            var cut = target
            var scanned = 0
            while cut != scalars.endIndex, scanned < 4_096 {
                let kind = ScalarClass(scalars[cut].value)
                cut = scalars.index(after: cut)
                scanned += 1
                if kind == .whitespace || kind == .punctuation { break }
            }
            if scanned == 4_096 {
                cut = target
                while cut != scalars.endIndex, ScalarClass(scalars[cut].value) == .extending {
                    cut = scalars.index(after: cut)
                }
            }
            pieces.append(Substring(scalars[start..<cut]))
            start = cut
        }
        return pieces
    }

    private func segmentWhole(_ text: String) -> [Token] {
        let input = ScalarText(text)
        var tokens: [Token] = []
        tokens.reserveCapacity(input.count / 2 + 1)
        var lattice = Lattice(count: input.count)
        var position = 0
        let count = input.count
        while position < count {
            let kind = input.classes[position]
            var end = position + 1
            switch kind {
            case .han, .digit, .letter:
                end = input.latticeRunEnd(from: position)
                segmentRun(input, position, end, &lattice, into: &tokens)
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

    /// Working arrays for one call, indexed by scalar position, reused by every run in it.
    private struct Lattice {
        /// Cheapest cost from a unit start to the end of its run.
        var best: [Float]
        /// The arc that achieves `best`.
        var choice: [Arc]
        /// At a unit start: the unit's end; elsewhere 0. The run's end is marked with its own index.
        var unitEnd: [Int32]
        /// At a unit start: its kind.
        var unitKind: [TokenKind]
        /// The chosen path of the current run, reused from run to run.
        var pieces: [Piece] = []

        init(count: Int) {
            best = [Float](repeating: .infinity, count: count + 1)
            choice = [Arc](repeating: Arc(), count: count + 1)
            unitEnd = [Int32](repeating: 0, count: count + 1)
            unitKind = [TokenKind](repeating: .chineseWord, count: count + 1)
        }

        @inline(__always) func isBoundary(_ position: Int) -> Bool { unitEnd[position] != 0 }
    }

    /// The cheapest way to cover the text from the unit at `from` to the end of its run, given the
    /// costs already found for every later unit. This is the segmenter's inner loop: it reads
    /// through raw buffers so the trie walk is not slowed by bounds checks.
    @inline(__always)
    private func cheapestArc(
        from: Int, unitEnd: Int, kind unitKind: TokenKind, runEnd end: Int, _ input: ScalarText,
        _ scalars: UnsafeBufferPointer<UInt32>, _ best: UnsafeMutableBufferPointer<Float>,
        _ unitEnds: UnsafeBufferPointer<Int32>, _ constraints: OverrideConstraints?, _ model: SegmentationModel
    ) -> Arc {
        if let forced = constraints?.forcedArc(at: from) {
            return Arc(end: Int32(forced), cost: best[forced], kind: .chineseWord, source: .user)
        }
        var arc = Arc()
        let allowedEnd = constraints?.latestEnd(from: from, runEnd: end) ?? end
        // Dictionary words starting here.
        var node = 0
        var position = from
        var unitIsHeadword = false
        let longWordPenalty: Float =
            NumberExpression.isCountedMeasureWord(input, at: from) ? model.parameters.measureWordPenalty : 0
        while position < allowedEnd, let next = model.step(from: node, scalars[position].foldedWidth) {
            node = next.node
            position &+= 1
            let cost = next.cost
            if cost < .infinity, unitEnds[position] != 0 {
                if position == unitEnd { unitIsHeadword = true }
                let total = cost + best[position] + (position &- from > 1 ? longWordPenalty : 0)
                if total < arc.cost {
                    arc = Arc(end: Int32(position), cost: total, kind: unitKind, source: .dictionary)
                }
            }
            if !next.hasChildren { break }
        }
        // The unit on its own.
        if unitKind != .chineseWord || !unitIsHeadword {
            let cost = unitKind == .chineseWord ? model.unknownCharacterCost : model.atomicCost
            let total = cost + best[unitEnd]
            if total < arc.cost { arc = Arc(end: Int32(unitEnd), cost: total, kind: unitKind, source: .unknown) }
        }
        // Numbers, dates and measures.
        if NumberExpression.mayStart(input, at: from) {
            let isDate = input.classes[from] == .digit
            for ruleEnd in NumberExpression.ends(in: input, from: from, runEnd: allowedEnd) where unitEnds[ruleEnd] != 0
            {
                let total = (isDate ? model.dateRuleCost : model.ruleCost) + best[ruleEnd]
                if total < arc.cost { arc = Arc(end: Int32(ruleEnd), cost: total, kind: .number, source: .rule) }
            }
        }
        return arc
    }

    /// Cuts a run into units: single Han characters (with marks after them) and whole runs of
    /// letters and digits, which the segmenter never cuts.
    private func markUnits(_ input: ScalarText, _ start: Int, _ end: Int, _ lattice: inout Lattice) {
        let classes = input.classes
        var position = start
        while position < end {
            var next = position + 1
            var kind: TokenKind = .chineseWord
            if classes[position] == .han || classes[position] == .extending {
                while next < end, classes[next] == .extending { next += 1 }
            } else {
                var hasLetter = classes[position] == .letter
                while next < end, classes[next] != .han {
                    if classes[next] == .letter { hasLetter = true }
                    next += 1
                }
                kind = hasLetter ? .latinWord : .number
            }
            lattice.unitEnd[position] = Int32(next)
            lattice.unitKind[position] = kind
            position = next
        }
        lattice.unitEnd[end] = Int32(end)
        lattice.best[end] = 0
    }

    /// Segments the run `start ..< end` of Han characters, letters and digits.
    private func segmentRun(
        _ input: ScalarText, _ start: Int, _ end: Int, _ lattice: inout Lattice, into tokens: inout [Token]
    ) {
        markUnits(input, start, end, &lattice)
        var constraints: OverrideConstraints?
        if !overrideIndex.isEmpty {
            let boundary = (start...end).map { lattice.isBoundary($0) }
            constraints = OverrideConstraints(input, start, end, overrideIndex, boundary: boundary)
        }
        let model = self.model
        input.scalars.withUnsafeBufferPointer { scalars in
            lattice.best.withUnsafeMutableBufferPointer { best in
                lattice.unitEnd.withUnsafeBufferPointer { unitEnds in
                    lattice.unitKind.withUnsafeBufferPointer { unitKinds in
                        lattice.choice.withUnsafeMutableBufferPointer { choice in
                            var from = end - 1
                            while from >= start {
                                let unitEnd = Int(unitEnds[from])
                                if unitEnd != 0 {
                                    let arc = cheapestArc(
                                        from: from, unitEnd: unitEnd, kind: unitKinds[from], runEnd: end, input,
                                        scalars,
                                        best, unitEnds, constraints, model)
                                    best[from] = arc.cost
                                    choice[from] = arc
                                }
                                from -= 1
                            }
                        }
                    }
                }
            }
        }

        lattice.pieces.removeAll(keepingCapacity: true)
        var position = start
        while position < end {
            let arc = lattice.choice[position]
            let next = Int(arc.end)
            lattice.pieces.append(Piece(start: position, end: next, kind: arc.kind, source: arc.source))
            position = next
        }
        if let names {
            lattice.pieces = names.join(lattice.pieces, in: input, model: model)
        }
        for piece in lattice.pieces {
            input.append(&tokens, piece.start, piece.end, piece.kind, piece.source)
        }
    }
}

/// A stretch of the input chosen as one token, before it becomes a `Token`.
struct Piece {
    var start: Int
    var end: Int
    var kind: TokenKind
    var source: TokenSource
}

extension Range<Int> {
    fileprivate func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
