import ChineseText
import Foundation
import Plot
import Reading

extension ProgressPage {
    /// The query string of `query` (for the CSV link and the form's state).
    static func queryString(_ query: WordListQuery) -> String {
        var items = ["sort=\(query.sort.rawValue)", "order=\(query.descending ? "desc" : "asc")"]
        if let book = query.bookID { items.append("book=\(book.uuidString)") }
        if let level = query.level { items.append("level=\(level.parameter)") }
        items.append("status=\(query.status.rawValue)")
        return items.joined(separator: "&")
    }

    var wordListSection: Node<HTML.BodyContext> {
        let strings = strings
        let shown = words.prefix(Self.rowLimit)
        let form: Node<HTML.BodyContext> = filterForm
        let items: [Node<HTML.ListContext>] = shown.map(row)
        let count: Node<HTML.BodyContext> = .p(
            .class("word-count"), .id("word-count"), .attribute(named: "role", value: "status"),
            .text("\(words.count) \(strings[Strings.ProgressKey.wordsShown])"))
        return .section(
            .id("words"), .attribute(named: "aria-labelledby", value: "words-heading"),
            .div(
                .class("section-head"),
                .h2(.id("words-heading"), .text(strings[Strings.ProgressKey.wordList])),
                .a(
                    .class("button"), .id("export-csv"),
                    .href("/api/v1/words/export.csv?\(Self.queryString(query))"),
                    .attribute(named: "download", value: "umbrella-words.csv"),
                    .text(strings[Strings.ProgressKey.exportCSV]))
            ),
            form, count,
            words.isEmpty
                ? .p(.class("empty"), .text(strings[Strings.ProgressKey.noWords]))
                : .ul(.class("word-list"), .id("word-list"), .group(items))
        )
    }

    var filterForm: Node<HTML.BodyContext> {
        let strings = strings
        let standard = settings.standard
        let sortOptions: [(String, String)] = [
            ("date", strings[Strings.ProgressKey.sortDate]), ("level", strings[Strings.ProgressKey.sortLevel]),
            ("timesMarked", strings[Strings.ProgressKey.sortTimesMarked]),
        ]
        let orderOptions: [(String, String)] = [
            ("desc", strings[Strings.ProgressKey.newestFirst]), ("asc", strings[Strings.ProgressKey.oldestFirst]),
        ]
        let bookOptions: [(String, String)] =
            [("", strings[Strings.ProgressKey.allBooks])] + books.map { ($0.id.uuidString, $0.title) }
        let levelOptions: [(String, String)] =
            [("", strings[Strings.ProgressKey.allLevels])]
            + standard.levels.map { ("\($0)", "HSK \(standard.label($0))") }
            + [("none", strings[Strings.ProgressKey.unlisted])]
        let statusOptions: [(String, String)] = [
            ("marked", strings[Strings.ProgressKey.statusMarked]),
            ("learned", strings[Strings.ProgressKey.statusLearned]),
            ("all", strings[Strings.ProgressKey.statusAll]),
        ]
        return .form(
            .class("word-filters"), .method(.get), .action("/progress#words"),
            select(
                "sort", label: strings[Strings.ProgressKey.sortBy], options: sortOptions, selected: query.sort.rawValue),
            select(
                "order", label: strings[Strings.ProgressKey.order], options: orderOptions,
                selected: query.descending ? "desc" : "asc"),
            select(
                "book", label: strings[Strings.ProgressKey.book], options: bookOptions,
                selected: query.bookID?.uuidString ?? ""),
            select(
                "level", label: strings[Strings.ProgressKey.level], options: levelOptions,
                selected: query.level?.parameter ?? ""),
            select(
                "status", label: strings[Strings.ProgressKey.status], options: statusOptions,
                selected: query.status.rawValue),
            .button(.type(.submit), .class("button primary"), .text(strings[Strings.ProgressKey.apply]))
        )
    }

    func select(
        _ name: String, label: String, options: [(String, String)], selected: String
    ) -> Node<HTML.FormContext> {
        .label(
            .class("field"),
            .span(.text(label)),
            .select(
                .attribute(named: "name", value: name), .attribute(named: "id", value: "filter-\(name)"),
                .group(
                    options.map { value, text in
                        .element(
                            named: "option",
                            nodes: [
                                // An empty value ("all") must still be sent as empty, not as the option's label.
                                .attribute(named: "value", value: value.htmlEscaped, ignoreIfValueIsEmpty: false),
                                value == selected ? .attribute(named: "selected", value: "selected") : .empty,
                                .raw(text.htmlEscaped),
                            ])
                    })
            )
        )
    }

    func row(_ entry: WordListEntry) -> Node<HTML.ListContext> {
        let strings = strings
        let mark = entry.mark
        let standard = settings.standard
        let chart = EstimateChart(points: [], standard: standard, strings: strings)
        var meta: [String] = []
        if let level = entry.hskLevel { meta.append("HSK \(standard.label(level))") }
        meta.append("\(strings[Strings.ProgressKey.timesMarked]) \(mark.markCount)")
        meta.append(chart.dayLabel(mark.updatedAt))
        let book = mark.bookTitle.map { title in
            mark.bookID == nil ? "\(title) (\(strings[Strings.ProgressKey.deletedBook]))" : title
        }
        return .li(
            .class(mark.isMarked ? "word-row" : "word-row learned"),
            .data(named: "word", value: mark.word.htmlEscaped),
            .data(named: "level", value: entry.hskLevel.map(String.init) ?? ""),
            .data(named: "count", value: String(mark.markCount)),
            .data(named: "updated", value: mark.updatedAt.ISO8601Format()),
            .data(named: "book", value: mark.bookID?.uuidString ?? ""),
            .span(.class("word-text"), .attribute(named: "lang", value: "zh-Hans"), .userText(mark.word)),
            .unwrap(entry.pinyin) { .span(.class("word-pinyin"), .text($0)) },
            .unwrap(entry.definition) { .span(.class("word-meaning"), .userText($0)) },
            .span(
                .class("word-meta"), .text(meta.joined(separator: " · ")),
                .unwrap(book) { .span(.class("word-book"), .text(" · "), .userText($0)) }),
            .unwrap(mark.sentence) {
                .span(.class("word-sentence"), .attribute(named: "lang", value: "zh-Hans"), .userText($0))
            }
        )
    }
}
