import Foundation
import Plot
import Reading
import Scanning
import Serials
import UmbrellaAPI

/// `/serial`: pick the device, take or choose a photo, drag the box over the serial, read it; the
/// result card, and the history with a CSV download. `serial.js` adds the box and the offline
/// queue; without JavaScript the form posts the photo and the page shows the result.
struct SerialPage {
    var settings: ReaderSettings
    var assetVersion: String
    var history: [SerialScanRecord]
    var deviceType: DeviceType = .macBook
    var result: SerialScanResponseDTO?
    var error: String?

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[Strings.ScanKey.serialScanner]) · Umbrella", settings: settings,
            assetVersion: assetVersion, bodyClass: "serial-page", scripts: ["site.js", "serial.js"])
        let options: [Node<HTML.SelectContext>] = DeviceType.allCases.map { device in
            .element(
                named: "option",
                nodes: [
                    .attribute(named: "value", value: device.rawValue),
                    .data(named: "preset", value: device.preset.rawValue),
                    .data(named: "aspect", value: String(device.defaultROIAspectRatio)),
                    device == deviceType ? .attribute(named: "selected", value: "selected") : .empty,
                    .text(device.rawValue),
                ])
        }
        let presets: [Node<HTML.SelectContext>] =
            [
                .element(
                    named: "option",
                    nodes: [.attribute(named: "value", value: "", ignoreIfValueIsEmpty: false), .text("—")])
            ]
            + SerialPreset.allCases.map { preset in
                .element(
                    named: "option",
                    nodes: [.attribute(named: "value", value: preset.rawValue), .text(preset.rawValue)])
            }
        let error: Node<HTML.BodyContext> = .p(
            .id("serial-error"), .class("error-message"), .attribute(named: "role", value: "alert"),
            .if(self.error == nil, .attribute(named: "hidden", value: "hidden")), .userText(self.error ?? ""))
        let form: Node<HTML.BodyContext> = .form(
            .id("serial-form"), .method(.post), .action("/serial"), .enctype(.multipartData), .class("stack"),
            .label(.for("device-type"), .text(strings[Strings.ScanKey.deviceType])),
            .select(.id("device-type"), .attribute(named: "name", value: "device_type"), .group(options)),
            .label(.for("preset"), .text(strings[Strings.ScanKey.preset])),
            .select(.id("preset"), .attribute(named: "name", value: "preset"), .group(presets)),
            .label(.for("serial-photo"), .text(strings[Strings.ScanKey.photo])),
            .input(
                .type(.file), .id("serial-photo"), .name("image"),
                .attribute(named: "accept", value: "image/jpeg,image/png,image/webp,image/*"),
                .attribute(named: "capture", value: "environment")),
            .input(.type(.hidden), .id("roi"), .name("roi"), .value("")),
            .div(
                .id("roi-editor"), .class("roi-editor"), .attribute(named: "hidden", value: "hidden"),
                .p(.id("roi-help"), .class("hint"), .text(strings[Strings.ScanKey.dragBox])),
                .div(
                    .id("roi-stage"), .class("roi-stage"),
                    .img(.id("roi-image"), .alt(strings[Strings.ScanKey.photo])),
                    .div(
                        .id("roi-box"), .class("roi-box"), .attribute(named: "tabindex", value: "0"),
                        .attribute(named: "role", value: "slider"),
                        .attribute(named: "aria-label", value: strings[Strings.ScanKey.dragBox]),
                        .attribute(named: "aria-describedby", value: "roi-help"),
                        .div(.class("roi-handle"), .attribute(named: "aria-hidden", value: "true")))),
                .button(.type(.button), .id("roi-reset"), .class("button"), .text(strings[Strings.ScanKey.resetBox]))),
            .div(
                .class("actions"),
                .button(
                    .type(.submit), .id("scan-serial"), .class("button primary"),
                    .text(strings[Strings.ScanKey.scanSerial])))
        )
        let labels: Node<HTML.BodyContext> = .div(
            .id("serial-labels"), .attribute(named: "hidden", value: "hidden"),
            .data(named: "no-serial", value: strings[Strings.ScanKey.noSerial]),
            .data(named: "queued", value: strings[Strings.ScanKey.queuedOffline]),
            .data(named: "valid", value: strings[Strings.ScanKey.valid]),
            .data(named: "invalid", value: strings[Strings.ScanKey.invalid]),
            .data(named: "copy", value: strings[Strings.ScanKey.copy]),
            .data(named: "also", value: strings[Strings.ScanKey.also]),
            .data(named: "plant", value: strings[Strings.ScanKey.plant]),
            .data(named: "made", value: strings[Strings.ScanKey.made]),
            .data(named: "week", value: strings[Strings.ScanKey.week]),
            .data(named: "model-code", value: strings[Strings.ScanKey.modelCode]),
            .data(named: "confidence", value: strings[Strings.ScanKey.confidence]))
        return layout.document(
            layout.navigation(current: "serial"),
            .main(
                .id("main"), .h1(.text(strings[Strings.ScanKey.serialScanner])),
                .p(.text(strings[Strings.ScanKey.serialIntro])), error, form, labels,
                .p(
                    .id("serial-queue"), .class("hint"), .attribute(named: "aria-live", value: "polite"),
                    .attribute(named: "hidden", value: "hidden")),
                .section(
                    .id("serial-result"), .class("serial-result"), .attribute(named: "aria-live", value: "polite"),
                    .attribute(named: "aria-labelledby", value: "result-heading"),
                    .if(result == nil, .attribute(named: "hidden", value: "hidden")),
                    .h2(.id("result-heading"), .text(strings[Strings.ScanKey.results])),
                    .div(.id("serial-result-body"), resultBody(strings: strings))),
                historySection(strings: strings))
        )
    }

    private func resultBody(strings: Strings) -> Node<HTML.BodyContext> {
        guard let result else { return .empty }
        guard let best = result.candidates.first(where: \.valid) else {
            return .p(.class("serial-none"), .text(strings[Strings.ScanKey.noSerial]))
        }
        var facts: [Node<HTML.BodyContext>] = [
            .p(.class("serial-value"), .attribute(named: "translate", value: "no"), .userText(best.serial)),
            .p(
                .text(
                    "\(strings[Strings.ScanKey.format]): \(best.format ?? "") · \(strings[Strings.ScanKey.confidence]) \(Int((best.confidence * 100).rounded()))\u{00A0}%"
                )),
        ]
        if let fields = best.fields {
            let year = fields.year.map(String.init) ?? fields.years.map(String.init).joined(separator: " / ")
            facts.append(
                .p(
                    .userText(
                        "\(strings[Strings.ScanKey.plant]) \(fields.plant)\(fields.plantLocation.map { " (\($0))" } ?? "") · "
                            + "\(strings[Strings.ScanKey.made]) \(year), \(strings[Strings.ScanKey.week]) \(fields.week) · "
                            + "\(strings[Strings.ScanKey.modelCode]) \(fields.modelCode)")))
        }
        return .div(.class("serial-card"), .group(facts))
    }

    private func historySection(strings: Strings) -> Node<HTML.BodyContext> {
        let formatter = ISO8601DateFormatter()
        let rows: [Node<HTML.TableContext>] = history.map { record in
            .tr(
                .td(
                    .element(
                        named: "time",
                        nodes: [
                            .attribute(named: "datetime", value: formatter.string(from: record.scannedAt)),
                            .text(
                                formatter.string(from: record.scannedAt).replacingOccurrences(of: "T", with: " ")
                                    .replacingOccurrences(of: "Z", with: " UTC")),
                        ])),
                .td(.userText(record.deviceType)),
                .td(.attribute(named: "translate", value: "no"), .userText(record.serial ?? "—")),
                .td(.text(record.isValid ? strings[Strings.ScanKey.valid] : strings[Strings.ScanKey.invalid])),
                .td(
                    .form(
                        .method(.post), .action("/serial/history/\(record.id.uuidString)/delete"),
                        .button(
                            .type(.submit), .class("button small"),
                            .attribute(
                                named: "aria-label",
                                value: "\(strings[Strings.ScanKey.deleteScan]) \(record.serial ?? "")"),
                            .text(strings[Strings.ScanKey.deleteScan])))))
        }
        let table: Node<HTML.BodyContext> =
            history.isEmpty
            ? .p(.class("hint"), .text(strings[Strings.ScanKey.noHistory]))
            : .table(
                .id("serial-history-table"), .class("data-table"),
                .thead(
                    .tr(
                        .th(.text(strings[Strings.ScanKey.scanned])), .th(.text(strings[Strings.ScanKey.deviceType])),
                        .th(.text(strings[Strings.ScanKey.serialNumber])), .th(.text(strings[Strings.ScanKey.format])),
                        .th(.attribute(named: "aria-label", value: strings[Strings.ScanKey.deleteScan])))),
                .tbody(.group(rows)))
        return .section(
            .id("serial-history"), .attribute(named: "aria-labelledby", value: "history-heading"),
            .h2(.id("history-heading"), .text(strings[Strings.ScanKey.history])),
            .p(
                .a(
                    .class("button"), .id("serial-export"), .href("/api/v1/serial-scans/export.csv"),
                    .text(strings[Strings.ScanKey.exportCSV]))),
            table)
    }
}
