import Foundation
import Plot
import Reading
import Scanning

/// `/scans/{id}`: the progress of a scan ("Processing page 2/5…"), each page's state, its text to
/// correct, and Retry / Retake for a page that failed. `scan-job.js` follows the progress live;
/// without JavaScript the page refreshes itself while pages are being read.
struct ScanJobPage {
    var job: ScanJob
    var settings: ReaderSettings
    var assetVersion: String
    var message: String?

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(job.title) · \(strings[Strings.ScanKey.scanPages]) · Umbrella", settings: settings,
            assetVersion: assetVersion, bodyClass: "scan-job-page", scripts: ["site.js", "scan-job.js"])
        let done = job.pages.filter { $0.status == .done }.count
        let summary: String
        if job.isProcessing {
            summary = strings.processingPage(job.currentPageNumber ?? 1, of: job.pages.count)
        } else if done == job.pages.count {
            summary = strings[Strings.ScanKey.finished]
        } else if done == 0 {
            summary = strings[Strings.ScanKey.allFailed]
        } else {
            summary = strings[Strings.ScanKey.finishedWithFailures]
        }
        let progress: Node<HTML.BodyContext> = .element(
            named: "progress",
            nodes: [
                .attribute(named: "id", value: "scan-progress"),
                .attribute(named: "max", value: String(job.pages.count)),
                .attribute(named: "value", value: String(job.finishedCount)),
                .attribute(named: "aria-labelledby", value: "scan-status"),
            ])
        let refresh: Node<HTML.BodyContext> =
            job.isProcessing
            ? .element(named: "noscript", nodes: [.raw("<meta http-equiv=\"refresh\" content=\"3\">")]) : .empty
        let open: Node<HTML.BodyContext> = .unwrap(job.bookID) { bookID in
            .p(
                .a(
                    .id("open-book"), .class("button primary"), .href("/books/\(bookID.uuidString)"),
                    .text(strings[Strings.ScanKey.openBook])))
        }
        let notice: Node<HTML.BodyContext> = .unwrap(message) {
            .p(.class("error-message"), .attribute(named: "role", value: "alert"), .userText($0))
        }
        let pages: [Node<HTML.ListContext>] = job.pages.enumerated().map { index, page in
            pageItem(page, number: index + 1, strings: strings)
        }
        return layout.document(
            layout.navigation(current: "scan"),
            .main(
                .id("main"), .data(named: "job-id", value: job.id.uuidString),
                .data(named: "processing", value: job.isProcessing ? "true" : "false"),
                .h1(.userText(job.title)), refresh, notice,
                .p(.id("scan-status"), .attribute(named: "aria-live", value: "polite"), .text(summary)),
                progress, open,
                .ol(.id("scan-pages"), .class("scan-pages"), .group(pages)))
        )
    }

    private func statusText(_ status: ScanPageStatus, strings: Strings) -> String {
        switch status {
        case .queued: strings[Strings.ScanKey.statusQueued]
        case .processing: strings[Strings.ScanKey.statusProcessing]
        case .done: strings[Strings.ScanKey.statusDone]
        case .failed: strings[Strings.ScanKey.statusFailed]
        }
    }

    private func pageItem(_ page: ScanPage, number: Int, strings: Strings) -> Node<HTML.ListContext> {
        let base = "/scans/\(job.id.uuidString)/pages/\(page.id.uuidString)"
        let image = "/api/v1/scans/\(job.id.uuidString)/pages/\(page.id.uuidString)/image"
        let heading = strings.page(number)
        let body: Node<HTML.BodyContext>
        switch page.status {
        case .done:
            let lowLines = page.lines.filter { $0.confidence < 0.8 }
            let low: Node<HTML.BodyContext> =
                lowLines.isEmpty
                ? .empty
                : .ul(
                    .class("low-confidence"),
                    .group(
                        lowLines.prefix(10).map { line in
                            .li(
                                .span(.class("hint"), .text("\(strings[Strings.ScanKey.lowConfidence]): ")),
                                .userText(line.text))
                        }))
            let textareaID = "text-\(page.id.uuidString)"
            body = .div(
                low,
                .form(
                    .method(.post), .action("\(base)/text"), .class("stack correction"),
                    .label(.for(textareaID), .text("\(strings[Strings.ScanKey.textOfPage]) \(number)")),
                    .textarea(
                        .id(textareaID), .name("text"), .attribute(named: "rows", value: "8"),
                        .attribute(named: "lang", value: "zh"),
                        .attribute(named: "aria-describedby", value: "hint-\(page.id.uuidString)"),
                        .raw((page.text ?? "").htmlEscaped)),
                    .p(
                        .id("hint-\(page.id.uuidString)"), .class("hint"),
                        .text(strings[Strings.ScanKey.correctionHint])),
                    .button(.type(.submit), .class("button"), .text(strings[Strings.ScanKey.saveCorrection]))))
        case .failed:
            let inputID = "retake-\(page.id.uuidString)"
            body = .div(
                .p(
                    .class("error-message"), .attribute(named: "role", value: "alert"),
                    .userText(page.errorMessage ?? "")),
                .div(
                    .class("actions"),
                    .form(
                        .method(.post), .action("\(base)/retry"),
                        .button(
                            .type(.submit), .class("button"), .data(named: "action", value: "retry"),
                            .text(strings[Strings.ScanKey.retry]))),
                    .form(
                        .method(.post), .action("\(base)/retake"), .enctype(.multipartData), .class("retake"),
                        .label(
                            .class("button file-button"), .for(inputID), .text(strings[Strings.ScanKey.retake]),
                            .input(
                                .type(.file), .id(inputID), .name("image"), .class("visually-hidden"),
                                .attribute(named: "accept", value: "image/jpeg,image/png,image/webp,image/*"),
                                .attribute(named: "capture", value: "environment"),
                                .data(named: "auto-submit", value: "true"))),
                        .noscript(.button(.type(.submit), .class("button"), .text(strings[Strings.ScanKey.retake]))))))
        case .queued, .processing:
            body = .empty
        }
        return .li(
            .class("scan-page-item status-\(page.status.rawValue)"), .id("page-\(page.id.uuidString)"),
            .data(named: "page-id", value: page.id.uuidString), .data(named: "status", value: page.status.rawValue),
            .img(
                .src(image), .class("scan-thumb"), .alt("\(strings[Strings.ScanKey.photoOf]) \(number)"),
                .attribute(named: "loading", value: "lazy"), .attribute(named: "width", value: "96"),
                .attribute(named: "height", value: "128"),
                .attribute(named: "style", value: "transform: rotate(\(page.rotation.rawValue)deg)")),
            .div(
                .class("scan-page-body"),
                .h2(
                    .text(heading),
                    .span(
                        .class("badge status"), .data(named: "status-text", value: ""),
                        .text(statusText(page.status, strings: strings)))),
                body))
    }
}
