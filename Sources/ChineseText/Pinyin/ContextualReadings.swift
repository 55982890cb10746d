/// Readings of single-character words that depend on the word before them, as graded teaching
/// materials print them: the measure word 个 is neutral after a number or demonstrative (一个
/// yí ge, 这个 zhège), 得 after a predicate is the complement particle de (说得很好) but after a
/// pronoun the modal děi (我得走了) or, before 了, the verb dé (他得了金牌), and 儿
/// after a word is the erhua suffix r (笑话儿 xiàohuar).
enum ContextualReadings {
    private static let counters: Set<Unicode.Scalar> = Set("一二三四五六七八九十两几这那哪每某半多".unicodeScalars)

    private static let pronouns: Set<String> = [
        "我", "你", "您", "他", "她", "它", "我们", "你们", "他们", "她们", "咱们", "大家", "自己", "我們", "你們", "他們",
        "她們", "咱們",
    ]

    static func apply(to tokens: inout [PinyinToken]) {
        var previous: Int?
        for index in tokens.indices {
            let token = tokens[index].token
            guard token.isChinese else {
                if token.kind != .whitespace { previous = nil }
                continue
            }
            defer { previous = index }
            guard token.text.unicodeScalars.count == 1, let previous,
                let before = tokens[previous].token.text.unicodeScalars.last
            else { continue }
            switch token.text {
            case "个" where counters.contains(before) || tokens[previous].token.kind == .number:
                tokens[index].syllables = [PinyinSyllable(letters: "ge", tone: 5)]
            case "得" where tokens[previous].token.kind == .chineseWord:
                // After a pronoun 得 is the modal děi (我得走了), or the verb dé when 了 follows
                // (他得了金牌); after a predicate, the particle de (说得很好).
                let isPronoun = pronouns.contains(tokens[previous].token.text)
                let nextIsLe = tokens[(index + 1)...].first { $0.token.kind != .whitespace }?.token.text.hasPrefix("了")
                let reading =
                    !isPronoun
                    ? PinyinSyllable(letters: "de", tone: 5)
                    : nextIsLe == true
                        ? PinyinSyllable(letters: "de", tone: 2) : PinyinSyllable(letters: "dei", tone: 3)
                tokens[index].syllables = [reading]
            case "儿"
            where tokens[previous].token.kind == .chineseWord
                && tokens[previous].token.utf16Range.upperBound
                    == token.utf16Range.lowerBound:
                tokens[index].syllables = [PinyinSyllable(letters: "r", tone: 5)]
            default:
                continue
            }
        }
    }
}
