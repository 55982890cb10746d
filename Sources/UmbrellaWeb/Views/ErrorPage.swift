import Plot
import Reading
import Vapor

/// The page shown for an error on a browser route.
struct ErrorPage {
    var status: HTTPResponseStatus
    var reason: String
    var language: InterfaceLanguage
    var assetVersion: String

    func response() -> Response {
        let strings = Strings(language: language)
        let heading = status == .notFound ? strings[.notFoundTitle] : strings[.errorTitle]
        let layout = Layout(
            title: "\(heading) · Umbrella", settings: ReaderSettings(language: language), assetVersion: assetVersion,
            bodyClass: "error-page")
        return layout.document(
            layout.navigation(current: ""),
            .main(
                .id("main"),
                .h1(.text(heading)),
                .p(.class("error-message"), .attribute(named: "role", value: "alert"), .userText(reason)),
                .p(.a(.class("button"), .href("/"), .text(strings[.library])))
            )
        ).response(status: status)
    }
}
