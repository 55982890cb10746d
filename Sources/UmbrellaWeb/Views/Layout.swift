import Plot
import Reading
import Vapor

/// The document every page shares: head, theme and font settings on `<body>`, assets with versions.
struct Layout {
    var title: String
    var settings: ReaderSettings
    var assetVersion: String
    var bodyClass: String
    var scripts: [String] = ["site.js"]

    var strings: Strings { Strings(language: settings.language) }

    func document(_ content: Node<HTML.BodyContext>...) -> HTML {
        HTML(
            .attribute(named: "lang", value: strings.htmlLang),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover")),
                .meta(.name("color-scheme"), .content("light dark")),
                .meta(.name("theme-color"), .content("#208C85")),
                .element(named: "title", nodes: [.raw(title.htmlEscaped)]),
                .link(.rel(.stylesheet), .href("/css/app.css?v=\(assetVersion)")),
                .link(.rel(.icon), .href("/favicon.svg"), .attribute(named: "type", value: "image/svg+xml")),
                .group(
                    scripts.map { script in
                        .script(.attribute(named: "type", value: "module"), .src("/js/\(script)?v=\(assetVersion)"))
                    })
            ),
            .body(
                .class(bodyClass),
                .data(named: "theme", value: settings.theme.rawValue),
                .data(named: "font-size", value: String(settings.fontSize)),
                .data(named: "pinyin", value: pinyinAttribute),
                .data(named: "tone-colors", value: settings.toneColors ? "on" : "off"),
                .group(content)
            )
        )
    }

    var pinyinAttribute: String {
        switch settings.pinyin {
        case .off: "off"
        case .all: "all"
        case .beyondLevel: "beyond"
        }
    }

    /// The top navigation of the non-reading pages.
    func navigation(current: String) -> Node<HTML.BodyContext> {
        .header(
            .class("topbar site-nav"),
            .a(.class("brand"), .href("/"), .text(strings[.appName])),
            .nav(
                .attribute(named: "aria-label", value: strings[.mainNavigation]),
                .a(.href("/"), .class(current == "library" ? "current" : ""), .text(strings[.library])),
                .a(.href("/books/new"), .class(current == "add" ? "current" : ""), .text(strings[.addBook])),
                .a(
                    .href("/scan"), .class(current == "scan" ? "current" : ""),
                    .text(strings[Strings.ScanKey.scanPages])),
                .a(
                    .href("/progress"), .class(current == "progress" ? "current" : ""),
                    .text(strings[Strings.ProgressKey.progress])),
                .a(.href("/settings"), .class(current == "settings" ? "current" : ""), .text(strings[.settings])),
                .a(.href("/about"), .class(current == "about" ? "current" : ""), .text(strings[.about]))
            )
        )
    }
}

extension HTML {
    /// The page as an HTTP response.
    func response(status: HTTPResponseStatus = .ok) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: status, headers: headers, body: .init(string: render()))
    }
}

extension Node where Context: HTML.BodyContext {
    /// Text a user wrote, escaped by us (Plot leaves `&name;` sequences alone).
    static func userText(_ text: String) -> Node { .raw(text.htmlEscaped) }
}
