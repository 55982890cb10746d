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
                .pre(.class("notice-text"), .userText(notice))
            )
        )
    }
}
