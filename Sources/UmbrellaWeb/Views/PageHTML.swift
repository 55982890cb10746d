import ChineseText
import Reading

/// Renders a page's words as HTML: one `<p>` per paragraph, each word a tappable element.
///
/// Built as a string rather than a Plot tree because a page has hundreds of words and this is the
/// hot path; every piece of page text is escaped.
enum PageHTML {
    static func render(_ page: AnnotatedPage, marked: Set<String>, settings: ReaderSettings) -> String {
        var html = ""
        html.reserveCapacity(page.paragraphs.reduce(0) { $0 + $1.count } * 40)
        for paragraph in page.paragraphs {
            html += "<p>"
            for token in paragraph {
                guard token.isWord else {
                    html += token.text.htmlEscaped
                    continue
                }
                var classes = "w"
                if !token.hasEntry { classes += " nf" }
                if marked.contains(token.text) { classes += " marked" }
                let word = token.text.htmlEscaped
                let characters = settings.toneColors ? toneColored(token) : word
                if settings.showsPinyin(forLevel: token.hskLevel), !token.pinyin.isEmpty {
                    html += "<ruby class=\"\(classes)\" data-w=\"\(word)\">\(characters)<rt>"
                    html += token.pinyin.htmlEscaped
                    html += "</rt></ruby>"
                } else {
                    html += "<span class=\"\(classes)\" data-w=\"\(word)\">\(characters)</span>"
                }
            }
            html += "</p>"
        }
        return html
    }

    /// Each character wrapped in `<b class="tN">` by its tone.
    static func toneColored(_ token: AnnotatedToken) -> String {
        var html = ""
        for (scalar, syllable) in zip(token.text.unicodeScalars, token.syllables) {
            let character = String(scalar).htmlEscaped
            if let syllable {
                html += "<b class=\"t\(syllable.tone)\">\(character)</b>"
            } else {
                html += character
            }
        }
        return html
    }
}
