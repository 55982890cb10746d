import ChineseText
import Plot
import Reading

/// `/settings`: type size, pinyin, tone colours, theme, language and level.
struct SettingsPage {
    var settings: ReaderSettings
    var assetVersion: String
    var returnPath: String?
    var saved: Bool

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[.settings]) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "settings-page")
        return layout.document(
            layout.navigation(current: "settings"),
            .main(
                .id("main"),
                .h1(.text(strings[.settings])),
                .if(saved, .p(.class("notice"), .attribute(named: "role", value: "status"), .text(strings[.saved]))),
                .form(
                    .method(.post), .action("/settings"), .class("stack"),
                    .unwrap(returnPath) { .input(.type(.hidden), .name("return"), .value($0.htmlEscaped)) },
                    radioGroup(
                        "fontSize", legend: strings[.fontSize],
                        options: ReaderSettings.allowedFontSizes.map { ("\($0)", "\($0) px") },
                        selected: "\(settings.fontSize)"),
                    radioGroup(
                        "pinyin", legend: strings[.pinyinDisplay],
                        options: [
                            ("off", strings[.pinyinOff]), ("all", strings[.pinyinAll]),
                            ("beyondLevel", strings[.pinyinBeyond]),
                        ], selected: settings.pinyin.rawValue),
                    .div(
                        .class("check"),
                        .input(
                            .type(.checkbox), .id("toneColors"), .name("toneColors"), .value("on"),
                            .checked(settings.toneColors)),
                        .label(.for("toneColors"), .text(strings[.toneColors]))
                    ),
                    radioGroup(
                        "theme", legend: strings[.theme],
                        options: [
                            ("system", strings[.themeSystem]), ("light", strings[.themeLight]),
                            ("dark", strings[.themeDark]),
                        ], selected: settings.theme.rawValue),
                    radioGroup(
                        "language", legend: strings[.language],
                        options: [("en", "English"), ("zh-Hans", "简体中文")], selected: settings.language.rawValue),
                    radioGroup(
                        "level", legend: strings[.myLevel], options: (1...6).map { ("\($0)", "HSK \($0)") },
                        selected: "\(settings.level)"),
                    radioGroup(
                        "standard", legend: strings[.standard],
                        options: [("hsk3", "HSK 3.0 (2021)"), ("hsk2", "HSK 2.0")],
                        selected: settings.standard.rawValue),
                    .div(
                        .class("actions"),
                        .button(.type(.submit), .class("button primary"), .text(strings[.save])),
                        .unwrap(returnPath) { .a(.class("button"), .href($0.htmlEscaped), .text(strings[.back])) }
                    )
                )
            )
        )
    }

    func radioGroup(
        _ name: String, legend: String, options: [(String, String)], selected: String
    )
        -> Node<HTML.FormContext>
    {
        .fieldset(
            .class("choices"),
            .element(named: "legend", nodes: [.raw(legend.htmlEscaped)]),
            .group(
                options.map { value, label in
                    .label(
                        .class("choice"),
                        .input(.type(.radio), .name(name), .value(value), .checked(value == selected)),
                        .span(.text(label))
                    )
                })
        )
    }
}
