import Foundation
import Plot
import Reading
import Scanning

/// `/scan`: take or choose photos of pages, review them in a grid (reorder, rotate, remove), Process.
///
/// Without JavaScript the form posts the chosen photos as they are; `scan.js` adds the review grid
/// and uploads the photos in the grid's order with their rotations.
struct NewScanPage {
    var settings: ReaderSettings
    var assetVersion: String
    var jobs: [ScanJob]
    var error: String?
    var title = ""
    var author = ""

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[Strings.ScanKey.scanPages]) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "scan-page", scripts: ["site.js", "scan.js"])
        let error: Node<HTML.BodyContext> = .p(
            .id("form-error"), .class("error-message"), .attribute(named: "role", value: "alert"),
            .if(self.error == nil, .attribute(named: "hidden", value: "hidden")), .userText(self.error ?? ""))
        let titleInput: Node<HTML.FormContext> = .input(
            .type(.text), .id("title"), .name("title"), .attribute(named: "value", value: title.htmlEscaped),
            .attribute(named: "placeholder", value: strings[Strings.ScanKey.scanTitle]),
            .attribute(named: "maxlength", value: String(BookRules.maximumTitleLength)),
            .attribute(named: "autocomplete", value: "off"))
        let authorInput: Node<HTML.FormContext> = .input(
            .type(.text), .id("author"), .name("author"), .attribute(named: "value", value: author.htmlEscaped),
            .attribute(named: "maxlength", value: String(BookRules.maximumAuthorLength)))
        let accept = "image/jpeg,image/png,image/webp,image/*"
        let camera: Node<HTML.FormContext> = .label(
            .class("button file-button"), .for("camera"), .text(strings[Strings.ScanKey.takePhoto]),
            .input(
                .type(.file), .id("camera"), .name("images[]"), .class("visually-hidden"),
                .attribute(named: "accept", value: accept),
                .attribute(named: "capture", value: "environment"), .data(named: "photo-input", value: "camera")))
        let chooser: Node<HTML.FormContext> = .label(
            .class("button file-button"), .for("photos"), .text(strings[Strings.ScanKey.choosePhotos]),
            .input(
                .type(.file), .id("photos"), .name("images[]"), .class("visually-hidden"),
                .attribute(named: "accept", value: accept), .attribute(named: "multiple", value: "multiple"),
                .data(named: "photo-input", value: "library")))
        let grid: Node<HTML.FormContext> = .div(
            .id("review"), .class("review"), .attribute(named: "hidden", value: "hidden"),
            .h2(.id("review-heading"), .text(strings[Strings.ScanKey.reviewPhotos])),
            .p(.id("review-empty"), .class("hint"), .text(strings[Strings.ScanKey.noPhotos])),
            .ol(.id("photo-grid"), .class("photo-grid"), .attribute(named: "aria-labelledby", value: "review-heading")))
        let labels: Node<HTML.FormContext> = .div(
            .id("grid-labels"), .attribute(named: "hidden", value: "hidden"),
            .data(named: "move-earlier", value: strings[Strings.ScanKey.moveEarlier]),
            .data(named: "move-later", value: strings[Strings.ScanKey.moveLater]),
            .data(named: "rotate", value: strings[Strings.ScanKey.rotate]),
            .data(named: "remove", value: strings[Strings.ScanKey.remove]),
            .data(named: "page", value: strings[Strings.ScanKey.photoOf]),
            .data(named: "uploading", value: strings[Strings.ScanKey.uploading]),
            .data(named: "offline", value: strings[Strings.ScanKey.offline]))
        let form: Node<HTML.BodyContext> = .form(
            .id("scan-form"), .method(.post), .action("/scan"), .enctype(.multipartData), .class("stack"),
            .label(.for("title"), .text(strings[.title])), titleInput,
            .label(.for("author"), .text("\(strings[.author]) (\(strings[.optional]))")), authorInput,
            .div(.class("actions photo-pickers"), camera, chooser),
            .p(.class("hint"), .text(strings[Strings.ScanKey.photosHint])),
            .input(.type(.hidden), .id("rotations"), .name("rotations"), .value("")),
            grid, labels,
            .div(
                .class("actions"),
                .button(
                    .type(.submit), .id("process"), .class("button primary"), .text(strings[Strings.ScanKey.process])),
                .a(.class("button"), .href("/"), .text(strings[.cancel])))
        )
        return layout.document(
            layout.navigation(current: "scan"),
            .main(
                .id("main"), .h1(.text(strings[Strings.ScanKey.scanPages])),
                .p(.text(strings[Strings.ScanKey.scanIntro])), error, form,
                ScanJobList(jobs: jobs, strings: strings).node,
                .p(.class("hint"), .a(.href("/serial"), .text(strings[Strings.ScanKey.serialScanner]))))
        )
    }
}

/// The list of the user's scans with their state.
struct ScanJobList {
    var jobs: [ScanJob]
    var strings: Strings

    var node: Node<HTML.BodyContext> {
        let items: [Node<HTML.ListContext>] = jobs.map { job in
            let state =
                job.isProcessing
                ? strings.pagesRead(job.finishedCount, of: job.pages.count)
                : strings.pagesRead(job.pages.filter { $0.status == .done }.count, of: job.pages.count)
            return .li(
                .a(.href("/scans/\(job.id.uuidString)"), .userText(job.title)),
                .span(.class("meta"), .text(" · \(state)")))
        }
        return .section(
            .class("scan-jobs"), .attribute(named: "aria-labelledby", value: "scans-heading"),
            .h2(.id("scans-heading"), .text(strings[Strings.ScanKey.recentScans])),
            jobs.isEmpty ? .p(.class("hint"), .text(strings[Strings.ScanKey.noScans])) : .ul(.group(items)))
    }
}
