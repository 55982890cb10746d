import ChineseText
import Foundation
import Learning
import Plot
import Reading

/// `/placement`: six short screens of sentences, one HSK level each; the learner taps unknown words.
///
/// Every word is a checkbox styled as text, so the form works without JavaScript (all screens on
/// one page) and with the keyboard (Tab, Space). `placement.js` shows one screen at a time.
struct PlacementPage {
    var settings: ReaderSettings
    var assetVersion: String
    var passage: PlacementPassage

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[Strings.ProgressKey.placement]) · Umbrella", settings: settings,
            assetVersion: assetVersion, bodyClass: "placement-page", scripts: ["site.js", "placement.js"])
        let levels = Array(Set(passage.sentences.map(\.hskLevel))).sorted()
        let screens: [Node<HTML.FormContext>] = levels.enumerated().map { index, level in
            screen(level: level, index: index, count: levels.count, strings: strings)
        }
        let intro: Node<HTML.BodyContext> = .div(
            .class("placement-intro"),
            .p(.text(strings[Strings.ProgressKey.placementIntro])),
            .p(.strong(.text(strings[Strings.ProgressKey.placementHow])))
        )
        let form: Node<HTML.BodyContext> = .form(
            .id("placement-form"), .method(.post), .action("/placement"),
            .group(screens),
            .div(
                .class("actions placement-submit"),
                .button(
                    .type(.submit), .class("button primary"), .id("placement-finish"),
                    .text(strings[Strings.ProgressKey.finish]))
            )
        )
        let skip: Node<HTML.BodyContext> = .form(
            .method(.post), .action("/placement/skip"), .class("placement-skip"),
            .button(.type(.submit), .class("link-button"), .text(strings[Strings.ProgressKey.placementSkip]))
        )
        return layout.document(
            layout.navigation(current: "progress"),
            .main(.id("main"), .h1(.text(strings[Strings.ProgressKey.placement])), intro, form, skip)
        )
    }

    /// A word the learner can mark (a checkbox styled as text), or plain text.
    func piece(_ piece: PlacementPiece) -> Node<HTML.BodyContext> {
        guard piece.isMarkable else { return .span(.class("pp"), .raw(piece.text.htmlEscaped)) }
        return .label(
            .class("pw"), .data(named: "level", value: piece.level.map(String.init) ?? ""),
            .input(.type(.checkbox), .name("marked[]"), .value(piece.text.htmlEscaped)),
            .span(.raw(piece.text.htmlEscaped)))
    }

    func screen(level: Int, index: Int, count: Int, strings: Strings) -> Node<HTML.FormContext> {
        let pieces = passage.sentencePieces
        let sentences = passage.sentences.indices.filter { passage.sentences[$0].hskLevel == level }
        let paragraphs: [Node<HTML.FormContext>] = sentences.map { index in
            .p(
                .class("placement-sentence"), .attribute(named: "lang", value: "zh-Hans"),
                .group(pieces[index].map(piece))
            )
        }
        let progress = "\(strings[Strings.ProgressKey.screenOf]) \(index + 1) / \(count)"
        return .fieldset(
            .class("placement-screen"), .data(named: "screen", value: String(index + 1)),
            .data(named: "level", value: String(level)),
            .element(named: "legend", nodes: [.text("\(progress) · \(strings[Strings.ProgressKey.tapUnknown])")]),
            .div(
                .class("placement-progress"), .attribute(named: "aria-hidden", value: "true"),
                .div(.class("bar"), .attribute(named: "style", value: "width:\((index + 1) * 100 / max(1, count))%"))),
            .group(paragraphs),
            .div(
                .class("actions screen-actions"),
                .button(.type(.button), .class("button mark-all"), .text(strings[Strings.ProgressKey.dontKnowAll])),
                .if(index > 0, .button(.type(.button), .class("button screen-back"), .text(strings[.previous]))),
                .if(
                    index + 1 < count,
                    .button(.type(.button), .class("button primary screen-next"), .text(strings[.next])))
            )
        )
    }
}

/// `/placement/result`: the proposed level and what to read.
struct PlacementResultPage {
    var settings: ReaderSettings
    var assetVersion: String
    var answer: PlacementAnswer
    var interval: LevelInterval?
    var suggestedBook: Book?

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[Strings.ProgressKey.placementResult]) · Umbrella", settings: settings,
            assetVersion: assetVersion, bodyClass: "placement-result-page")
        let standard = answer.standard
        let marked = answer.words.filter(\.marked).count
        let level: Node<HTML.BodyContext> =
            answer.proposedLevel.map { level in
                .div(
                    .class("level-card"),
                    .p(.text(strings[Strings.ProgressKey.proposedLevel])),
                    .p(
                        .class("level-badge"), .id("proposed-level"), .data(named: "level", value: String(level)),
                        .text("HSK \(standard.label(level))")),
                    .unwrap(interval) { range in
                        .p(
                            .class("level-interval"),
                            .text(strings.likelyLevels(range, standard: standard)))
                    },
                    .p(.class("hint"), .text(strings[Strings.ProgressKey.placementSaved]))
                )
            }
            ?? .p(
                .class("level-badge none"), .id("proposed-level"), .text(strings[Strings.ProgressKey.notEnoughReading]))
        return layout.document(
            layout.navigation(current: "progress"),
            .main(
                .id("main"),
                .h1(.text(strings[Strings.ProgressKey.placementResult])),
                level,
                .p(.text("\(marked) \(strings[Strings.ProgressKey.placementMarkedCount]) \(answer.words.count).")),
                .div(
                    .class("actions"),
                    .unwrap(suggestedBook) { book in
                        .a(
                            .class("button primary"), .href("/books/\(book.id.uuidString)"),
                            .text(strings[Strings.ProgressKey.readAtLevel]))
                    },
                    .a(.class("button"), .href("/progress"), .text(strings[Strings.ProgressKey.seeProgress]))
                )
            )
        )
    }
}
