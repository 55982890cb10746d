import Plot
import Reading

/// `/books/new`: paste text or upload a .txt or .epub file.
struct AddBookPage {
    var settings: ReaderSettings
    var assetVersion: String
    var error: String?
    var title: String = ""
    var author: String = ""
    var text: String = ""

    var html: HTML {
        let strings = Strings(language: settings.language)
        let layout = Layout(
            title: "\(strings[.addBook]) · Umbrella", settings: settings, assetVersion: assetVersion,
            bodyClass: "add-book-page")
        let error: Node<HTML.BodyContext> = .unwrap(error) {
            .p(.id("form-error"), .class("error-message"), .attribute(named: "role", value: "alert"), .userText($0))
        }
        let described: Attribute<HTML.InputContext> =
            self.error == nil ? .empty : .attribute(named: "aria-describedby", value: "form-error")
        let titleInput: Node<HTML.FormContext> = .input(
            described, .type(.text), .id("title"), .name("title"), .attribute(named: "value", value: title.htmlEscaped),
            .attribute(named: "maxlength", value: String(BookRules.maximumTitleLength)),
            .attribute(named: "autocomplete", value: "off"))
        let authorInput: Node<HTML.FormContext> = .input(
            .type(.text), .id("author"), .name("author"), .attribute(named: "value", value: author.htmlEscaped),
            .attribute(named: "maxlength", value: String(BookRules.maximumAuthorLength)))
        let textArea: Node<HTML.FormContext> = .textarea(
            self.error == nil ? .empty : .attribute(named: "aria-describedby", value: "form-error"), .id("text"),
            .name("text"), .attribute(named: "rows", value: "10"), .raw(text.htmlEscaped))
        let fileInput: Node<HTML.FormContext> = .input(
            described, .type(.file), .id("file"), .name("file"),
            .attribute(named: "accept", value: ".txt,.text,.epub,text/plain,application/epub+zip"))
        let actions: Node<HTML.FormContext> = .div(
            .class("actions"),
            .button(.type(.submit), .class("button primary"), .text(strings[.add])),
            .a(.class("button"), .href("/"), .text(strings[.cancel]))
        )
        let form: Node<HTML.BodyContext> = .form(
            .method(.post), .action("/books"), .enctype(.multipartData), .class("stack"),
            .label(.for("title"), .text(strings[.title])), titleInput,
            .label(.for("author"), .text("\(strings[.author]) (\(strings[.optional]))")), authorInput,
            .label(.for("text"), .text(strings[.pasteText])), textArea,
            .label(.for("file"), .text(strings[.orUploadFile])), fileInput,
            .p(.class("hint"), .text(strings[.fileHint])), actions
        )
        return layout.document(
            layout.navigation(current: "add"),
            .main(.id("main"), .h1(.text(strings[.addBook])), error, form)
        )
    }
}
