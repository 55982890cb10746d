import ChineseText
import Foundation
import Reading
import Testing

@Suite("StarterLibrary")
struct StarterLibraryTests {
    /// The bundled sentences, loaded once for the suite.
    static let bundled: Result<[ExampleSentence], any Error> = Result {
        try ChineseTextResources.load().examples.all
    }

    @Test func bundledSentencesGiveReadersForEveryLevelOneToSix() throws {
        // Given the bundled example sentences
        let sentences = try Self.bundled.get()

        // When the starter library is built
        let books = StarterLibrary.books(from: sentences)

        // Then every level 1–6 has at least two graded readers, lowest level first
        let levels = books.compactMap(\.hskLevel)
        #expect(levels == levels.sorted())
        for level in 1...6 {
            #expect(levels.filter { $0 == level }.count >= 2, "level \(level)")
        }
        #expect(books.allSatisfy { $0.source == .starter })
    }

    @Test func bundledReadersHaveTenOrMorePages() throws {
        let books = StarterLibrary.books(from: try Self.bundled.get())
        for book in books {
            #expect(book.pages.count >= 10, "\(book.title)")
            #expect(book.pages.allSatisfy { !$0.text.isEmpty && $0.chapterTitle == nil }, "\(book.title)")
        }
    }

    @Test func everyBundledSentenceOfALevelAppearsOnceInOrder() throws {
        // Given the bundled sentences of level 3, without repeats
        let sentences = try Self.bundled.get()
        var seen: Set<String> = []
        let levelThree = sentences.filter { $0.hskLevel == 3 && seen.insert($0.simplified).inserted }

        // When the library is built
        let books = StarterLibrary.books(from: sentences).filter { $0.hskLevel == 3 }

        // Then the level's readers hold exactly its sentences, in order
        let text = books.flatMap(\.pages).map(\.text).joined().filter { $0 != "\n" }
        var rest = Substring(text)
        for sentence in levelThree {
            let found = try #require(rest.range(of: sentence.simplified), "\(sentence.id) missing or out of order")
            rest = rest[found.upperBound...]
        }
        #expect(rest.isEmpty || rest == "。")
        #expect(text.count <= levelThree.map(\.simplified.count).reduce(0, +) + levelThree.count)
    }

    @Test func buildingTwiceGivesTheSameBooks() throws {
        let sentences = try Self.bundled.get()
        #expect(StarterLibrary.books(from: sentences) == StarterLibrary.books(from: sentences))
    }

    @Test func titlesAreChineseAndNumberedWithAnEnglishSubtitle() throws {
        let books = StarterLibrary.books(from: try Self.bundled.get()).filter { $0.hskLevel == 1 }
        #expect(books.map(\.title) == ["HSK 1 读本 · 一", "HSK 1 读本 · 二"])
        #expect(
            books.map(\.author) == [
                "Umbrella graded readers · HSK 1 reader, book 1 of 2",
                "Umbrella graded readers · HSK 1 reader, book 2 of 2",
            ])
    }

    // MARK: - Made-up sentences

    private static func sentences(level: Int, count: Int, prefix: String = "句") -> [ExampleSentence] {
        (1...count).map { index in
            ExampleSentence(
                id: "hsk\(level)-\(index)", hskLevel: level, simplified: "\(prefix)\(level)-\(index)。",
                traditional: "", pinyin: "", english: "")
        }
    }

    @Test(
        "Books per level follow the material",
        arguments: [
            (5, 1), (100, 1), (216, 2), (300, 2), (432, 3), (1_000, 3),
        ])
    func booksPerLevelFollowTheMaterial(sentenceCount: Int, bookCount: Int) {
        let books = StarterLibrary.books(from: Self.sentences(level: 2, count: sentenceCount))
        #expect(books.count == bookCount)
        #expect(books.flatMap(\.pages).count >= 1)
    }

    @Test func aSingleBookHasNoNumber() {
        let books = StarterLibrary.books(from: Self.sentences(level: 4, count: 30))
        #expect(books.map(\.title) == ["HSK 4 读本"])
        #expect(books.map(\.author) == ["Umbrella graded readers · HSK 4 reader"])
    }

    @Test func pagesHoldAboutTwelveSentencesInParagraphsOfFour() throws {
        // Given 120 sentences of one level
        let books = StarterLibrary.books(from: Self.sentences(level: 1, count: 120))

        // Then they make one book of ten pages of twelve sentences, in three paragraphs of four
        let book = try #require(books.first)
        #expect(book.pages.count == 10)
        let firstPage = try #require(book.pages.first).text
        #expect(firstPage.split(separator: "\n").map { $0.filter { $0 == "。" }.count } == [4, 4, 4])
        #expect(firstPage.hasPrefix("句1-1。句1-2。"))
    }

    @Test(
        "Pages hold 8 to 15 sentences in paragraphs of 2 to 4",
        arguments: [8, 9, 15, 16, 17, 20, 23, 100, 143, 145, 500])
    func pagesHoldEightToFifteenSentences(sentenceCount: Int) {
        let books = StarterLibrary.books(from: Self.sentences(level: 5, count: sentenceCount))
        let pages = books.flatMap(\.pages)
        #expect(pages.map { $0.text.filter { $0 == "。" }.count }.reduce(0, +) == sentenceCount)
        for page in pages {
            #expect((8...15).contains(page.text.filter { $0 == "。" }.count), "\(page.text)")
            let paragraphs = page.text.split(separator: "\n").map { $0.filter { $0 == "。" }.count }
            #expect(paragraphs.allSatisfy { (2...4).contains($0) }, "\(paragraphs)")
        }
    }

    @Test func sentencesAreCleanedDedupedAndClosed() {
        // Given duplicates, blanks, a bad level and a sentence without a full stop
        let input = [
            ExampleSentence(id: "a", hskLevel: 1, simplified: " 你好 ", traditional: "", pinyin: "", english: ""),
            ExampleSentence(id: "b", hskLevel: 1, simplified: "你好", traditional: "", pinyin: "", english: ""),
            ExampleSentence(id: "c", hskLevel: 1, simplified: "   ", traditional: "", pinyin: "", english: ""),
            ExampleSentence(id: "d", hskLevel: 0, simplified: "零级。", traditional: "", pinyin: "", english: ""),
            ExampleSentence(id: "e", hskLevel: 1, simplified: "谢谢！", traditional: "", pinyin: "", english: ""),
        ]

        // When built
        let books = StarterLibrary.books(from: input)

        // Then one book holds the two distinct level-1 sentences, closed with punctuation
        #expect(books.count == 1)
        #expect(books.first?.pages.map(\.text) == ["你好。谢谢！"])
        #expect(books.first?.hskLevel == 1)
    }

    @Test func noSentencesGiveNoBooks() {
        #expect(StarterLibrary.books(from: []).isEmpty)
    }
}
