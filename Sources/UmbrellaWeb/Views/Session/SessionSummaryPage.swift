import Foundation
import Plot
import Reading

/// `/sessions/{id}`: the session summary card (seed 000 §3.3).
struct SessionSummaryPage {
    var summary: SessionSummary
    var settings: ReaderSettings
    var assetVersion: String

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[.sessionSummary]) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "summary-page")
        let session = summary.session
        let minutes = Int((Double(session.secondsRead) / 60).rounded())
        return layout.document(
            layout.navigation(current: ""),
            .main(
                .id("main"),
                .article(
                    .class("summary-card"), .attribute(named: "aria-labelledby", value: "summary-heading"),
                    .h1(.id("summary-heading"), .text(strings[.sessionSummary])),
                    .p(.class("book-title"), .userText(session.bookTitle)),
                    stats(strings, minutes: minutes),
                    .h2(.text(strings[.markedThisSession])),
                    summary.markedWords.isEmpty
                        ? .p(.class("empty"), .text(strings[.none]))
                        : .ul(
                            .class("word-chips"),
                            .group(
                                summary.markedWords.map {
                                    .li(.attribute(named: "lang", value: "zh-Hans"), .userText($0))
                                })),
                    .div(
                        .class("actions"),
                        backLink(strings),
                        .a(.class("button"), .href("/"), .text(strings[.library]))
                    )
                )
            )
        )
    }

    func backLink(_ strings: Strings) -> Node<HTML.BodyContext> {
        guard let bookID = summary.session.bookID else { return .empty }
        return .a(.class("button primary"), .href("/books/\(bookID.uuidString)"), .text(strings[.backToBook]))
    }

    func stats(_ strings: Strings, minutes: Int) -> Node<HTML.BodyContext> {
        let session = summary.session
        var items: [Node<HTML.DescriptionListContext>] = []
        items += stat(strings[.timeRead], "\(minutes) \(strings[.minutes])", id: "time-read")
        items += stat(strings[.pagesReached], "\(session.pagesReached)", id: "pages-reached")
        items += stat(strings[.wordsLookedUp], "\(session.lookupCount)", id: "lookup-count")
        items += stat(strings[.wordsMarked], "\(session.markCount)", id: "mark-count")
        return .dl(.class("stats"), .group(items))
    }

    func stat(_ label: String, _ value: String, id: String) -> [Node<HTML.DescriptionListContext>] {
        [.dt(.text(label)), .dd(.id(id), .text(value))]
    }
}
