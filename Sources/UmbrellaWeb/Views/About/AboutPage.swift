import Plot
import Reading

/// `/about`: what Umbrella is and the licences of the data it bundles.
struct AboutPage {
    var notice: String
    var settings: ReaderSettings
    var assetVersion: String

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[.about]) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "about-page")
        return layout.document(
            layout.navigation(current: "about"),
            .main(
                .id("main"),
                .h1(.text(strings[.about])),
                .p(.text(strings[.aboutIntro])),
                .h2(.text(strings[.aboutData])),
                .p(.text(strings[.aboutDataDetail])),
                .pre(.class("notice-text"), .userText(notice)),
                .h2(.text(strings[Strings.ScanKey.scanPages])),
                .p(
                    .text(
                        "Scanned pages and serial numbers are read by RapidOCR 3.10 (Apache License 2.0) with "
                            + "PaddleOCR's PP-OCRv6 models (Apache License 2.0) on ONNX Runtime (MIT) and OpenCV "
                            + "(Apache License 2.0), installed from PyPI into the OCR worker; see workers/ocr/NOTICE. "),
                    .a(.href("/serial"), .text(strings[Strings.ScanKey.serialScanner])))
            )
        )
    }
}
