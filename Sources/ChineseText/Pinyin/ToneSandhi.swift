/// Tone changes of connected speech, applied only when asked for.
enum ToneSandhi {
    private static let numerals: Set<Unicode.Scalar> = Set("〇零一二三四五六七八九十百千万亿两第".unicodeScalars)
    private static let dateUnits: Set<Unicode.Scalar> = Set("月号日".unicodeScalars)

    static func apply(to tokens: inout [PinyinToken]) {
        // Flatten to (token, scalar) positions of Han syllables, in order.
        var positions: [(token: Int, index: Int, scalar: Unicode.Scalar)] = []
        for (tokenIndex, token) in tokens.enumerated() {
            for (index, scalar) in token.token.text.unicodeScalars.enumerated()
            where index < token.syllables.count && token.syllables[index] != nil {
                positions.append((tokenIndex, index, scalar))
            }
        }
        func syllable(_ position: Int) -> PinyinSyllable? {
            let place = positions[position]
            return tokens[place.token].syllables[place.index]
        }
        func setTone(_ position: Int, _ tone: Int) {
            let place = positions[position]
            tokens[place.token].syllables[place.index]?.tone = tone
        }
        // 一 and 不 first: they look at the citation tone of what follows.
        for position in positions.indices {
            let scalar = positions[position].scalar
            guard position + 1 < positions.count, positions[position + 1].token <= positions[position].token + 1,
                let next = syllable(position + 1)
            else { continue }
            if scalar == "不", syllable(position)?.tone == 4, next.tone == 4 {
                setTone(position, 2)
            } else if scalar == "一", syllable(position)?.tone == 1 {
                let previous = position > 0 ? positions[position - 1].scalar : nil
                let nextScalar = positions[position + 1].scalar
                if let previous, numerals.contains(previous) { continue }
                if numerals.contains(nextScalar) || dateUnits.contains(nextScalar) { continue }
                setTone(position, next.tone == 4 || next.tone == 5 ? 2 : 4)
            }
        }
        // Third-tone pairs, right to left within each word and across a boundary to a one-syllable word.
        var position = positions.count - 2
        while position >= 0 {
            if syllable(position)?.tone == 3, syllable(position + 1)?.tone == 3 {
                let sameToken = positions[position].token == positions[position + 1].token
                let shortNeighbour =
                    tokens[positions[position].token].syllables.compactMap { $0 }.count == 1
                    || tokens[positions[position + 1].token].syllables.compactMap { $0 }.count == 1
                let adjacent = positions[position + 1].token == positions[position].token + 1
                if sameToken || (adjacent && shortNeighbour) { setTone(position, 2) }
            }
            position -= 1
        }
    }
}
