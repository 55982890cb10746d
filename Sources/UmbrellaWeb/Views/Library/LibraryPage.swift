import Foundation
import Plot
import Reading

/// `/`: the starter graded readers and the learner's own books.
struct LibraryPage {
    var books: [Book]
    var settings: ReaderSettings
    var assetVersion: String
    /// After a delete: how many marked words stayed in the word list.
    var deletedKeptMarks: Int?
    /// Whether to offer the placement reading (until the learner takes or skips it).
    var offerPlacement = false

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[.library]) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "library-page")
        let starter = books.filter { $0.source == .starter }.sorted {
            ($0.hskLevel ?? 0, $0.createdAt) < ($1.hskLevel ?? 0, $1.createdAt)
        }
        let own = books.filter { $0.source != .starter }
        return layout.document(
            layout.navigation(current: "library"),
            .main(
                .id("main"),
                .h1(.text(strings[.library])),
                .unwrap(deletedKeptMarks) { kept in
                    .p(
                        .class("notice"), .attribute(named: "role", value: "status"),
                        .text("\(strings[.deletedNotice]) (\(kept)).")
                    )
                },
                .if(offerPlacement, placementOffer(strings)),
                .section(
                    .attribute(named: "aria-labelledby", value: "own-heading"),
                    .div(
                        .class("section-head"),
                        .h2(.id("own-heading"), .text(strings[.yourBooks])),
                        .a(.class("button"), .href("/books/new"), .text("+ " + strings[.addBook]))
                    ),
                    own.isEmpty
                        ? .p(.class("empty"), .text(strings[.noBooks]))
                        : .ul(.class("book-list"), .group(own.map { card($0, strings: strings) }))
                ),
                .section(
                    .attribute(named: "aria-labelledby", value: "starter-heading"),
                    .h2(.id("starter-heading"), .text(strings[.gradedReaders])),
                    .ul(.class("book-list"), .group(starter.map { card($0, strings: strings) }))
                )
            )
        )
    }

    func placementOffer(_ strings: Strings) -> Node<HTML.BodyContext> {
        .section(
            .class("placement-offer"), .id("placement-offer"),
            .attribute(named: "aria-labelledby", value: "placement-offer-heading"),
            .h2(.id("placement-offer-heading"), .text(strings[Strings.ProgressKey.placementOfferTitle])),
            .p(.text(strings[Strings.ProgressKey.placementOffer])),
            .div(
                .class("actions"),
                .a(.class("button primary"), .href("/placement"), .text(strings[Strings.ProgressKey.placementStart])),
                .form(
                    .method(.post), .action("/placement/skip"),
                    .button(.type(.submit), .class("button"), .text(strings[Strings.ProgressKey.placementSkip]))
                )
            )
        )
    }

    func card(_ book: Book, strings: Strings) -> Node<HTML.ListContext> {
        let percent = Int((book.progress * 100).rounded())
        return .li(
            .a(
                .class("book-card"), .href("/books/\(book.id.uuidString)"),
                .span(.class("book-title"), .attribute(named: "lang", value: "zh-Hans"), .userText(book.title)),
                .unwrap(book.author) { .span(.class("book-author"), .userText($0)) },
                .span(
                    .class("book-meta"),
                    .unwrap(book.hskLevel) { .span(.class("badge"), .text("HSK \($0)")) },
                    .text(" \(strings.pageCount(book.pageCount))"),
                    .if(percent > 0, .text(" · \(percent)% \(strings[.progressLabel])"))
                ),
                .div(
                    .class("mini-progress"), .attribute(named: "aria-hidden", value: "true"),
                    .div(.class("bar"), .attribute(named: "style", value: "width:\(percent)%"))
                )
            ),
            .if(
                book.source != .starter,
                .form(
                    .class("delete-book"), .method(.post), .action("/books/\(book.id.uuidString)/delete"),
                    .button(
                        .type(.submit), .class("link-button"),
                        .attribute(named: "aria-label", value: "\(strings[.delete]) \(book.title.htmlEscaped)"),
                        .data(named: "confirm", value: strings[.deleteConfirm]),
                        .text(strings[.delete])
                    )
                )
            )
        )
    }
}
