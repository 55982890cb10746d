import ChineseText
import Foundation
import Learning
import Plot
import Reading

/// `/progress`: level badge, mastery, counts, the estimate over time, and the word list.
struct ProgressPage {
    var settings: ReaderSettings
    var assetVersion: String
    var estimate: ProficiencyEstimate
    var statistics: ReadingStatistics
    var chartPoints: [EstimateChart.Point]
    var words: [WordListEntry]
    var query: WordListQuery
    var books: [Book]
    var placementDone: Bool

    /// Rows shown on the page; the CSV has them all.
    static let rowLimit = 1000

    var strings: Strings { Strings(language: settings.language) }

    var html: HTML {
        let strings = strings
        let layout = Layout(
            title: "\(strings[Strings.ProgressKey.progress]) · Umbrella", settings: settings,
            assetVersion: assetVersion, bodyClass: "progress-page")
        let heading: Node<HTML.BodyContext> = .h1(.text(strings[Strings.ProgressKey.progress]))
        let chart: Node<HTML.BodyContext> = chartSection
        let list: Node<HTML.BodyContext> = wordListSection
        let main: Node<HTML.BodyContext> = .main(
            .id("main"), heading, levelCard, statisticsList, chart, levelsSection, list, placementLink)
        return layout.document(layout.navigation(current: "progress"), main)
    }

    var levelCard: Node<HTML.BodyContext> {
        let strings = strings
        let standard = estimate.standard
        let badge: Node<HTML.BodyContext> =
            estimate.level.map { level in
                .p(
                    .class("level-badge"), .id("level-badge"), .data(named: "level", value: String(level)),
                    .text("HSK \(standard.label(level))"))
            }
            ?? .p(.class("level-badge none"), .id("level-badge"), .text(strings[Strings.ProgressKey.notEnoughReading]))
        let interval: Node<HTML.BodyContext> = .unwrap(estimate.levelInterval) { range in
            .p(
                .class("level-interval"),
                .text(strings.likelyLevels(range, standard: standard)))
        }
        let mastery: Node<HTML.BodyContext> = .unwrap(estimate.masteryPercentage) { value in
            .p(
                .class("mastery"), .id("mastery"),
                .strong(.text("\(strings[Strings.ProgressKey.mastery]): \(Int(value.rounded()))%")),
                .unwrap(estimate.masteryInterval) { range in
                    .text(" (\(Int(range.lower.rounded()))–\(Int(range.upper.rounded()))%)")
                },
                .br(), .span(.class("hint"), .text(strings[Strings.ProgressKey.masteryHelp]))
            )
        }
        return .section(
            .class("level-card"), .attribute(named: "aria-label", value: strings[Strings.ProgressKey.yourLevel]),
            .h2(.class("visually-hidden"), .text(strings[Strings.ProgressKey.yourLevel])),
            badge, interval, mastery,
            .p(.class("recommendation"), .text(strings.recommendation(estimate.recommendation.rawValue))),
            .p(.class("hint"), .text("\(strings[Strings.ProgressKey.standardUsed]) \(standard.displayName)."))
        )
    }

    var statisticsList: Node<HTML.BodyContext> {
        let strings = strings
        let items: [(String, String, String)] = [
            ("texts-read", strings[Strings.ProgressKey.textsRead], String(statistics.textsRead)),
            ("words-marked", strings[Strings.ProgressKey.wordsMarkedTotal], String(statistics.wordsMarked)),
            ("marked-week", strings[Strings.ProgressKey.wordsMarkedWeek], String(statistics.wordsMarkedRecently)),
            (
                "reading-week", strings[Strings.ProgressKey.readingTimeWeek],
                strings.duration(seconds: statistics.secondsReadRecently)
            ),
        ]
        return .ul(
            .class("stat-grid"),
            .group(
                items.map { id, label, value in
                    .li(
                        .id(id), .span(.class("stat-value"), .text(value)), .span(.class("stat-label"), .text(label)))
                })
        )
    }

    var chartSection: Node<HTML.BodyContext> {
        let strings = strings
        let chart = EstimateChart(points: chartPoints, standard: estimate.standard, strings: strings)
        let rows: [Node<HTML.TableContext>] = chartPoints.map { point in
            .tr(
                .td(.text(chart.dayLabel(point.date))),
                .td(.text("HSK \(estimate.standard.label(point.level))")),
                .td(.text(String(format: "%.1f (%.1f–%.1f)", point.ability, point.lower, point.upper)))
            )
        }
        return .section(
            .attribute(named: "aria-labelledby", value: "chart-heading"),
            .h2(.id("chart-heading"), .text(strings[Strings.ProgressKey.estimateOverTime])),
            chartPoints.isEmpty
                ? .p(.class("empty"), .text(strings[Strings.ProgressKey.chartEmpty]))
                : .div(
                    .class("chart"), .raw(chart.svg),
                    .element(
                        named: "details",
                        nodes: [
                            .element(named: "summary", nodes: [.text(strings[Strings.ProgressKey.date])]),
                            .table(.class("chart-data"), .group(rows)),
                        ])
                )
        )
    }

    var levelsSection: Node<HTML.BodyContext> {
        let strings = strings
        let rows: [Node<HTML.TableContext>] = estimate.tallies.filter { $0.seen > 0 }.map { tally in
            let label =
                tally.level.map { "HSK \(estimate.standard.label($0))" } ?? strings[Strings.ProgressKey.unlisted]
            let share = tally.seen > 0 ? Double(tally.marked) / Double(tally.seen) : 0
            return .tr(
                .th(.attribute(named: "scope", value: "row"), .text(label)),
                .td(.text(String(tally.seen))),
                .td(.text(String(tally.marked))),
                .td(
                    .class("bar-cell"), .attribute(named: "aria-hidden", value: "true"),
                    .div(
                        .class("level-bar"),
                        .div(.class("marked-part"), .attribute(named: "style", value: "width:\(Int(share * 100))%"))))
            )
        }
        let header: Node<HTML.TableContext> = .tr(
            .th(.text(strings[Strings.ProgressKey.level])), .th(.text(strings[Strings.ProgressKey.seen])),
            .th(.text(strings[Strings.ProgressKey.marked])), .th(.attribute(named: "aria-hidden", value: "true")))
        return .if(
            !rows.isEmpty,
            .section(
                .attribute(named: "aria-labelledby", value: "levels-heading"),
                .h2(.id("levels-heading"), .text(strings[Strings.ProgressKey.byLevel])),
                .table(.class("level-table"), header, .group(rows))
            ))
    }

    var placementLink: Node<HTML.BodyContext> {
        .p(
            .a(
                .class("button"), .href("/placement"),
                .text(
                    strings[placementDone ? Strings.ProgressKey.retakePlacement : Strings.ProgressKey.placementStart]))
        )
    }
}
