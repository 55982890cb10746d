public import ChineseText

/// Graded readers built from example sentences, so a new library has something to read at every level.
///
/// Each HSK level present in the sentences gets one to three books (about 144 sentences per book,
/// never more than three per level, so a level with more material gets longer books). A book takes
/// its level's sentences in their given order (the bundled set goes easiest first), without
/// duplicates, split evenly into pages of 8–15 sentences (about 12) in paragraphs of 3–4
/// sentences. Titles are Chinese (`HSK 1 读本 · 一`), the author field carries an English
/// subtitle, the source is `.starter` and `hskLevel` is set. The output depends only on the input,
/// so building the library twice gives the same books.
public enum StarterLibrary {
    /// The author line every starter book shares, before its level and number.
    public static let authorName = "Umbrella graded readers"

    /// Graded readers for every HSK level the sentences cover, lowest level first.
    ///
    /// Sentences with a level below 1 or empty simplified text are skipped; a sentence without
    /// closing punctuation gets a full stop so it does not run into the next.
    public static func books(from sentences: [ExampleSentence]) -> [BookDraft] {
        var byLevel: [Int: [String]] = [:]
        var seen: [Int: Set<String>] = [:]
        for sentence in sentences where sentence.hskLevel >= 1 {
            let text = closed(sentence.simplified.trimmingWhitespace)
            guard !text.isEmpty, seen[sentence.hskLevel, default: []].insert(text).inserted else { continue }
            byLevel[sentence.hskLevel, default: []].append(text)
        }
        return byLevel.keys.sorted().flatMap { level in
            books(level: level, sentences: byLevel[level] ?? [])
        }
    }

    /// Sentences a book aims for; a level gets `count / sentencesPerBook` books, rounded, 1...3.
    static let sentencesPerBook = 144
    /// The most books one level gets.
    static let maximumBooksPerLevel = 3
    /// Sentences a page aims for.
    static let sentencesPerPage = 12
    /// The most sentences a page holds.
    static let maximumSentencesPerPage = 15
    /// Sentences a paragraph aims for.
    static let sentencesPerParagraph = 4

    private static func books(level: Int, sentences: [String]) -> [BookDraft] {
        guard !sentences.isEmpty else { return [] }
        let rounded = Int((Double(sentences.count) / Double(sentencesPerBook)).rounded())
        let bookCount = min(maximumBooksPerLevel, max(1, rounded))
        return evenChunks(sentences, count: bookCount).enumerated().map { index, bookSentences in
            let numbered = bookCount > 1
            let title = numbered ? "HSK \(level) 读本 · \(chineseNumber(index + 1))" : "HSK \(level) 读本"
            let subtitle = numbered ? "HSK \(level) reader, book \(index + 1) of \(bookCount)" : "HSK \(level) reader"
            return BookDraft(
                title: title, author: "\(authorName) · \(subtitle)", source: .starter, hskLevel: level,
                pages: pages(of: bookSentences))
        }
    }

    private static func pages(of sentences: [String]) -> [PageDraft] {
        let nearest = Int((Double(sentences.count) / Double(sentencesPerPage)).rounded())
        let pageCount = max(1, nearest, (sentences.count + maximumSentencesPerPage - 1) / maximumSentencesPerPage)
        return evenChunks(sentences, count: pageCount).map { pageSentences in
            let paragraphCount = max(
                1, Int((Double(pageSentences.count) / Double(sentencesPerParagraph)).rounded(.up)))
            let paragraphs = evenChunks(pageSentences, count: paragraphCount).map { $0.joined() }
            return PageDraft(text: paragraphs.joined(separator: "\n"))
        }
    }

    /// `items` cut into `count` consecutive runs whose lengths differ by at most one, longer first.
    static func evenChunks<Item>(_ items: [Item], count: Int) -> [[Item]] {
        let count = max(1, min(count, items.count))
        let base = items.count / count
        let extra = items.count % count
        var chunks: [[Item]] = []
        var start = 0
        for index in 0..<count {
            let length = base + (index < extra ? 1 : 0)
            chunks.append(Array(items[start..<start + length]))
            start += length
        }
        return chunks
    }

    /// Characters a sentence may already end with.
    private static let closingMarks: Set<Character> = [
        "。", "！", "？", "…", "!", "?", ".", "」", "』", "”", "’", "）", ")", "\"",
    ]

    /// The sentence with a full stop added when it ends without closing punctuation.
    private static func closed(_ sentence: String) -> String {
        guard let last = sentence.last, !closingMarks.contains(last) else { return sentence }
        return sentence + "。"
    }

    /// 1 → 一, 2 → 二 … 10 → 十; larger numbers in Arabic digits.
    static func chineseNumber(_ number: Int) -> String {
        let digits = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]
        return (1...digits.count).contains(number) ? digits[number - 1] : String(number)
    }
}

extension String {
    /// The string without whitespace or line breaks at either end.
    fileprivate var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
