import Foundation
import Plot
import Reading

/// `/books/{id}`: the continuous reading page (seed 000 §5.2).
///
/// Pages near the reading position are rendered in full; the others are placeholders sized from
/// their length, with a link that works without JavaScript, which `reader.js` fills in as they
/// approach the screen.
struct ReaderPage {
    struct RenderedPage {
        var number: Int
        var chapterTitle: String?
        var html: String
    }

    var book: Book
    var renderedPages: [RenderedPage]
    var pageLengths: [Int]
    var position: ReadingPosition
    var sessionID: UUID
    var settings: ReaderSettings
    var assetVersion: String

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(book.title) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "reader-page", scripts: ["reader.js"])
        let percent = Int((book.progress * 100).rounded())
        let rendered = Dictionary(uniqueKeysWithValues: renderedPages.map { ($0.number, $0) })
        let bookPath = "/books/\(book.id.uuidString)"
        return layout.document(
            .a(.class("skip-link"), .href("#reader"), .text(strings[.skip])),
            .header(
                .class("topbar"),
                .a(.class("back"), .href("/"), .attribute(named: "aria-label", value: strings[.library]), .text("‹")),
                .h1(.class("book-title"), .attribute(named: "lang", value: "zh-Hans"), .userText(book.title)),
                .span(
                    .id("page-indicator"), .attribute(named: "aria-live", value: "polite"),
                    .span(.class("label"), .text(settings.language == .english ? "Page" : "页")),
                    .text(" "),
                    .span(.id("page-current"), .text(String(position.page))),
                    .text("/"),
                    .span(.id("page-total"), .text(String(book.pageCount)))
                ),
                .a(
                    .id("settings-link"), .href("/settings?return=\(bookPath)"),
                    .attribute(named: "aria-label", value: strings[.settings]), .text("⚙")
                )
            ),
            .div(
                .id("progress"), .attribute(named: "role", value: "progressbar"),
                .attribute(named: "aria-label", value: strings[.readingProgress]),
                .attribute(named: "aria-valuemin", value: "0"), .attribute(named: "aria-valuemax", value: "100"),
                .attribute(named: "aria-valuenow", value: String(percent)),
                .div(.class("bar"), .attribute(named: "style", value: "width:\(percent)%"))
            ),
            .main(
                .id("reader"), .attribute(named: "tabindex", value: "0"),
                .data(named: "book-id", value: book.id.uuidString),
                .data(named: "page-count", value: String(book.pageCount)),
                .data(named: "start-page", value: String(position.page)),
                .data(named: "start-fraction", value: String(format: "%.4f", position.fraction)),
                .data(named: "session-id", value: sessionID.uuidString),
                .attribute(named: "lang", value: "zh-Hans"),
                .attribute(named: "aria-label", value: strings[.bookText]),
                .attribute(named: "aria-describedby", value: "reader-help"),
                .group(
                    (1...max(1, book.pageCount)).flatMap { number -> [Node<HTML.BodyContext>] in
                        [
                            section(number, rendered: rendered[number], strings: strings, bookPath: bookPath),
                            .p(
                                .class("page-sep"), .attribute(named: "role", value: "separator"),
                                .text("— \(strings.page(number)) —")),
                        ]
                    })
            ),
            .p(.id("reader-help"), .class("visually-hidden"), .text(strings[.readerHelp])),
            .div(.id("popup"), .attribute(named: "role", value: "dialog"), .attribute(named: "hidden")),
            .nav(
                .class("bottombar"), .attribute(named: "aria-label", value: strings[.readingControls]),
                .button(.id("prev-page"), .type(.button), .text(strings[.previous])),
                .button(.id("mark-word"), .type(.button), .text(strings[.markWord])),
                .button(.id("next-page"), .type(.button), .text(strings[.next])),
                .form(
                    .method(.post), .action("/sessions/\(sessionID.uuidString)/end"), .class("end-form"),
                    .button(.id("end-session"), .type(.submit), .text(strings[.end]))
                )
            ),
            .div(
                .id("toast"), .attribute(named: "role", value: "status"),
                .attribute(named: "aria-live", value: "polite"))
        )
    }

    func section(_ number: Int, rendered: RenderedPage?, strings: Strings, bookPath: String) -> Node<HTML.BodyContext> {
        if let rendered {
            return .section(
                .class("page"), .id("page-\(number)"), .data(named: "page", value: String(number)),
                .attribute(named: "aria-label", value: strings.page(number)),
                .unwrap(rendered.chapterTitle) { .h2(.class("chapter-title"), .userText($0)) },
                .raw(rendered.html)
            )
        }
        let characters = number <= pageLengths.count ? pageLengths[number - 1] : 500
        return .section(
            .class("page"), .id("page-\(number)"), .data(named: "page", value: String(number)),
            .data(named: "chars", value: String(characters)),
            .attribute(named: "data-pending"),
            .attribute(
                named: "style",
                value:
                    "min-height:\(Self.estimatedHeight(characters: characters, fontSize: settings.fontSize, pinyin: settings.pinyin != .off))px"
            ),
            .attribute(named: "aria-label", value: strings.page(number)),
            .a(.class("page-link"), .href("\(bookPath)?page=\(number)#page-\(number)"), .text(strings.page(number)))
        )
    }

    /// The height a page of `characters` takes on a phone, so the scroll bar is about right before
    /// the page loads.
    static func estimatedHeight(characters: Int, fontSize: Int, pinyin: Bool) -> Int {
        let lineHeight = Double(fontSize) * (pinyin ? 2.8 : 1.9)
        let perLine = max(8, 343 / fontSize)
        let lines = Double(characters) / Double(perLine) + 2
        return Int((lines * lineHeight).rounded())
    }
}
