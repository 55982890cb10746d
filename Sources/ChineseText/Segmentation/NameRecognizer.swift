public import Foundation

/// The unknown-word model: finds person and place names among characters the dictionary left
/// single.
///
/// A character HMM (jieba's B/M/E/S model, trained on the People's Daily corpus) proposes words in
/// each stretch of single characters; a proposal is kept only if it looks like a name: a surname
/// followed by one or two given-name characters, or a run of characters typical of transliterated
/// foreign names (尔, 斯, 克 …). Anything else stays as single characters, so every other token the
/// segmenter emits is still a dictionary headword.
public struct NameRecognizer: Sendable {
    private var start: [Double]
    private var transitions: [[Double]]
    private var emissions: [UInt32: [Double]]
    private var surnames: Set<UInt32>
    private var transliteration: [UInt32: Int]
    /// Per BMP scalar: bit 0 surname; the rest, the transliteration count (capped).
    private var flags: [UInt16] = []

    /// Loads the model from `hmm.tsv`, `surnames.tsv` and `transliteration-chars.tsv` in `directory`.
    public init(directory: URL) throws {
        try self.init(
            hmm: TabularFile.text(directory.appendingPathComponent("hmm.tsv")),
            surnames: TabularFile.text(directory.appendingPathComponent("surnames.tsv")),
            transliteration: TabularFile.text(directory.appendingPathComponent("transliteration-chars.tsv")))
        guard !emissions.isEmpty else {
            throw ChineseTextDataError.malformed(directory.appendingPathComponent("hmm.tsv").path, "no emissions")
        }
    }

    /// Builds the model from the three files' contents; malformed lines are skipped.
    init(hmm: String, surnames: String, transliteration: String) {
        start = [-1e100, -1e100, -1e100, -1e100]
        transitions = Array(repeating: [-1e100, -1e100, -1e100, -1e100], count: 4)
        emissions = [:]
        for fields in TabularFile.rows(hmm) where fields.count == 5 {
            let values = fields.dropFirst().map { Double($0) ?? -1e100 }
            if fields[0] == "#start" {
                start = values
            } else if fields[0].hasPrefix("#trans-"), let state = "BMES".firstIndex(of: fields[0].last ?? "?") {
                transitions["BMES".distance(from: "BMES".startIndex, to: state)] = values
            } else if let scalar = fields[0].unicodeScalars.first, fields[0].unicodeScalars.count == 1 {
                emissions[scalar.value] = values
            }
        }
        self.surnames = Set(TabularFile.rows(surnames).compactMap { $0.first?.unicodeScalars.first?.value })
        self.transliteration = [:]
        for fields in TabularFile.rows(transliteration) where fields.count == 2 {
            if let scalar = fields[0].unicodeScalars.first, let count = Int(fields[1]) {
                self.transliteration[scalar.value] = count
            }
        }
        var flags = [UInt16](repeating: 0, count: 0x10000)
        for scalar in self.surnames where scalar < 0x10000 { flags[Int(scalar)] |= 1 }
        for (scalar, count) in self.transliteration where scalar < 0x10000 {
            flags[Int(scalar)] |= UInt16(min(count, 0x7FFF)) << 1
        }
        self.flags = flags
    }

    /// Joins names: first runs of transliteration characters (普鲁申科, 玛丽娜 from 玛丽 + 娜), then
    /// stretches of single characters that the HMM groups into a name.
    func join(_ pieces: [Piece], in input: ScalarText, model: SegmentationModel) -> [Piece] {
        joinNames(joinTransliterations(pieces, input, model), in: input, model: model)
    }

    /// Joins runs of at least three characters, over pieces of one or two characters, in which
    /// every character appears in transliterated names and all but one appear in many of them;
    /// dictionary words in the run must be rare (玛丽 yes, 美国 no).
    private func joinTransliterations(_ pieces: [Piece], _ input: ScalarText, _ model: SegmentationModel) -> [Piece] {
        let strong = model.parameters.minimumTransliterationCount
        func count(_ position: Int) -> Int {
            let scalar = input.scalars[position]
            return scalar < 0x10000 ? Int(flags[Int(scalar)] >> 1) : 0
        }
        func qualifies(_ piece: Piece) -> Bool {
            guard piece.kind == .chineseWord, piece.end - piece.start <= 2, piece.source != .user,
                (piece.start..<piece.end).allSatisfy({ input.classes[$0] == .han && count($0) > 0 })
            else { return false }
            if piece.end - piece.start == 2, piece.source == .dictionary {
                let first = model.step(from: 0, input.scalars[piece.start])
                let word = first.flatMap { model.step(from: $0.node, input.scalars[piece.start + 1]) }
                let frequency = word.map { model.lexicon.file.nodeFrequency($0.node) } ?? 0
                if frequency > model.parameters.maximumTransliterationWordFrequency { return false }
            }
            return true
        }
        // Most runs have no strong transliteration character at all: return them untouched.
        guard pieces.count >= 2,
            pieces.contains(where: { piece in
                piece.end - piece.start <= 2 && count(piece.start) >= strong && input.classes[piece.start] == .han
            })
        else { return pieces }
        var output: [Piece] = []
        output.reserveCapacity(pieces.count)
        var index = 0
        while index < pieces.count {
            guard qualifies(pieces[index]) else {
                output.append(pieces[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < pieces.count, qualifies(pieces[end]) { end += 1 }
            let start = pieces[index].start
            let stop = pieces[end - 1].end
            let weak = (start..<stop).filter { count($0) < strong }.count
            if end - index >= 2, stop - start >= 3, weak <= 1, count(start) >= strong, count(stop - 1) >= strong {
                output.append(Piece(start: start, end: stop, kind: .chineseWord, source: .name))
            } else {
                output += pieces[index..<end]
            }
            index = end
        }
        return output
    }

    /// Joins stretches of single-character pieces that the HMM groups into a name.
    private func joinNames(_ pieces: [Piece], in input: ScalarText, model: SegmentationModel) -> [Piece] {
        // Find the stretches worth the HMM first; most runs have none and are returned untouched.
        var candidates: [Range<Int>] = []
        var index = 0
        while index < pieces.count {
            guard isSingleHan(pieces[index], input) else {
                index += 1
                continue
            }
            var stretchEnd = index + 1
            while stretchEnd < pieces.count, isSingleHan(pieces[stretchEnd], input) { stretchEnd += 1 }
            if stretchEnd - index >= 2, mayHoldName(pieces[index..<stretchEnd], input, model) {
                candidates.append(index..<stretchEnd)
            }
            index = stretchEnd
        }
        guard !candidates.isEmpty else { return pieces }
        var output: [Piece] = []
        output.reserveCapacity(pieces.count)
        var copied = 0
        for stretch in candidates {
            output += pieces[copied..<stretch.lowerBound]
            output += names(in: pieces[stretch], input: input, model: model)
            copied = stretch.upperBound
        }
        output += pieces[copied...]
        return output
    }

    /// A name needs a surname followed by a rare character, or two transliteration characters in
    /// a row; checking that first (table lookups) spares the HMM on almost every stretch.
    private func mayHoldName(_ stretch: ArraySlice<Piece>, _ input: ScalarText, _ model: SegmentationModel) -> Bool {
        let minimum = model.parameters.minimumHMMTransliterationCount
        var previousIsTransliteration = false
        var previousIsSurname = false
        for piece in stretch {
            let scalar = input.scalars[piece.start]
            let flag = scalar < 0x10000 ? flags[Int(scalar)] : 0
            let isTransliteration = Int(flag >> 1) >= minimum
            if previousIsTransliteration && isTransliteration { return true }
            if previousIsSurname && frequency(of: scalar, model) <= model.parameters.maximumNameCharacterFrequency {
                return true
            }
            previousIsTransliteration = isTransliteration
            previousIsSurname = flag & 1 != 0
        }
        return false
    }

    private func frequency(of scalar: UInt32, _ model: SegmentationModel) -> UInt32 {
        model.characterFrequency(scalar)
    }

    private func isSingleHan(_ piece: Piece, _ input: ScalarText) -> Bool {
        piece.end == piece.start + 1 && piece.kind == .chineseWord && input.classes[piece.start] == .han
    }

    private func names(in stretch: ArraySlice<Piece>, input: ScalarText, model: SegmentationModel) -> [Piece] {
        let scalars = stretch.map { input.scalars[$0.start] }
        let words = viterbi(scalars)
        var output: [Piece] = []
        var offset = stretch.startIndex
        for length in words {
            let slice = stretch[offset..<offset + length]
            let characters = Array(scalars[(offset - stretch.startIndex)..<(offset - stretch.startIndex + length)])
            if length >= 2, isName(characters, model: model), let first = slice.first, let last = slice.last {
                output.append(Piece(start: first.start, end: last.end, kind: .chineseWord, source: .name))
            } else {
                output += slice
            }
            offset += length
        }
        return output
    }

    private func isName(_ characters: [UInt32], model: SegmentationModel) -> Bool {
        let frequencies = characters.map { frequency(of: $0, model) }
        if characters.count <= 3, surnames.contains(characters[0]),
            frequencies.dropFirst().allSatisfy({ $0 <= model.parameters.maximumNameCharacterFrequency })
        {
            return true
        }
        return characters.allSatisfy { (transliteration[$0] ?? 0) >= model.parameters.minimumHMMTransliterationCount }
    }

    /// Word lengths of the most likely B/M/E/S tagging of `scalars` (flat arrays: this runs on
    /// every stretch that passes the prefilter).
    private func viterbi(_ scalars: [UInt32]) -> [Int] {
        let minimum = -3.14e100
        let count = scalars.count
        var score = [Double](repeating: minimum, count: count * 4)
        var back = [UInt8](repeating: 0, count: count * 4)
        let noEmission = [minimum, minimum, minimum, minimum]
        let first = emissions[scalars[0]] ?? noEmission
        for state in 0..<4 { score[state] = start[state] + first[state] }
        for position in 1..<max(count, 1) {
            let emission = emissions[scalars[position]] ?? noEmission
            let previous = (position - 1) * 4
            let current = position * 4
            for state in 0..<4 {
                // Allowed predecessors: B ← E,S; M ← B,M; E ← B,M; S ← E,S.
                let (a, b) = state == 0 || state == 3 ? (2, 3) : (0, 1)
                let viaA = score[previous + a] + transitions[a][state]
                let viaB = score[previous + b] + transitions[b][state]
                score[current + state] = max(viaA, viaB) + emission[state]
                back[current + state] = UInt8(viaA >= viaB ? a : b)
            }
        }
        let last = (count - 1) * 4
        var state = score[last + 2] >= score[last + 3] ? 2 : 3
        var tags = [Int](repeating: 3, count: count)
        for position in stride(from: count - 1, through: 0, by: -1) {
            tags[position] = state
            state = Int(back[position * 4 + state])
        }
        var lengths: [Int] = []
        var current = 0
        for tag in tags {
            current += 1
            if tag == 2 || tag == 3 {
                lengths.append(current)
                current = 0
            }
        }
        if current > 0 { lengths.append(current) }
        return lengths
    }
}
