/// Escapes text for HTML element content and double-quoted attribute values.
///
/// Plot escapes element text only partly (it leaves `&name;` alone) and attribute values not at
/// all, so everything a user wrote goes through this and then `.raw`.
enum HTMLEscaping {
    static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// The string escaped for HTML text and attributes.
    var htmlEscaped: String { HTMLEscaping.escape(self) }
}
