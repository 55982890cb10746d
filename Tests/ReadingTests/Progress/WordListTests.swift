import Foundation
import Testing

@testable import Reading

@Suite struct WordListTests {
    static let user = UUID()
    static let bookA = UUID()
    static let bookB = UUID()

    static func entry(
        _ word: String, level: Int?, count: Int, day: Int, marked: Bool = true, book: UUID? = bookA
    ) -> WordListEntry {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400)
        return WordListEntry(
            mark: WordMark(
                userID: user, word: word, isMarked: marked, markCount: count, bookID: book, bookTitle: "书",
                pageNumber: 1, sentence: nil, firstMarkedAt: date, updatedAt: date),
            hskLevel: level, pinyin: nil, definition: nil)
    }

    static let entries = [
        entry("经济", level: 3, count: 1, day: 1),
        entry("历史", level: 3, count: 3, day: 2, book: bookB),
        entry("我", level: 1, count: 2, day: 3),
        entry("鸿沟", level: nil, count: 1, day: 4),
        entry("学习", level: 1, count: 1, day: 5, marked: false),
        entry("研究", level: 4, count: 1, day: 6, book: nil),
    ]

    static let cases: [(WordListQuery, [String])] = [
        (WordListQuery(), ["研究", "鸿沟", "我", "历史", "经济"]),
        (WordListQuery(sort: .date, descending: false), ["经济", "历史", "我", "鸿沟", "研究"]),
        (WordListQuery(sort: .level), ["我", "历史", "经济", "研究", "鸿沟"]),
        (WordListQuery(sort: .level, descending: true), ["鸿沟", "研究", "历史", "经济", "我"]),
        (WordListQuery(sort: .timesMarked), ["历史", "我", "研究", "鸿沟", "经济"]),
        (WordListQuery(bookID: bookB), ["历史"]),
        (WordListQuery(level: .level(3)), ["历史", "经济"]),
        (WordListQuery(level: .unlisted), ["鸿沟"]),
        (WordListQuery(status: .learned), ["学习"]),
        (WordListQuery(sort: .level, status: .all), ["学习", "我", "历史", "经济", "研究", "鸿沟"]),
        (WordListQuery(bookID: bookA, level: .level(1), status: .all), ["学习", "我"]),
    ]

    @Test(arguments: 0..<cases.count) func filtersAndSorts(_ index: Int) {
        let (query, expected) = Self.cases[index]
        #expect(query.apply(to: Self.entries).map(\.mark.word) == expected)
    }

    @Test func levelFilterParsesItsParameter() {
        #expect(WordListQuery.LevelFilter(parameter: "3") == .level(3))
        #expect(WordListQuery.LevelFilter(parameter: "none") == .unlisted)
        for bad in ["0", "10", "x", "", "-1"] { #expect(WordListQuery.LevelFilter(parameter: bad) == nil) }
        #expect(WordListQuery.LevelFilter.unlisted.parameter == "none")
    }
}

@Suite struct WordListCSVTests {
    @Test func writesHeaderBOMAndCRLF() {
        let csv = WordListCSV.render([WordListTests.entry("经济", level: 7, count: 2, day: 0)]) {
            $0 == 7 ? "7–9" : "\($0)"
        }
        #expect(csv.hasPrefix("\u{FEFF}word,pinyin,definition,hsk_level,times_marked,marked,first_marked,"))
        #expect(csv.hasSuffix("\r\n"))
        let lines = csv.dropFirst().components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[1].hasPrefix("经济,,,7–9,2,yes,2023-11-14T22:13:20Z,2023-11-14T22:13:20Z,书,1,"))
    }

    static let fields: [(String, String)] = [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("中文，逗号", "中文，逗号"),
        ("", ""),
    ]

    @Test(arguments: 0..<fields.count) func quotesAndNeutralisesFields(_ index: Int) {
        let (value, expected) = Self.fields[index]
        #expect(WordListCSV.field(value) == expected)
    }
}
