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
                .p(
                    .text(
                        "Umbrella is an open-source reader for learners of Chinese: tap any word for its meaning, "
                            + "mark the words you don't know, and see your progress. Everything runs on this server; "
                            + "nothing is sent anywhere else.")),
                .h2(.text("Data and licences")),
                .p(
                    .text(
                        "The dictionary is CC-CEDICT, licensed under Creative Commons Attribution-ShareAlike 4.0 "
                            + "(CC BY-SA 4.0), © MDBG and the CC-CEDICT contributors. "
                            + "The full notices for every bundled dataset follow.")),
                .pre(.class("notice-text"), .userText(notice))
            )
        )
    }
}
