/// Decoding of character references: `&#20013;`, `&#x4E2D;` and the common named entities.
///
/// The five XML entities, the HTML entities EPUBs use in practice (spaces, dashes, quotes, symbols,
/// accented Latin letters) are known. An unknown name, or a reference without its `;`, stays as
/// written; a numeric reference to NUL, a surrogate or beyond U+10FFFF becomes U+FFFD.
enum CharacterReference {
    /// `text` with every character reference it contains replaced by its character.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let candidate = rest[afterAmpersand...].prefix(34)
            if let semicolon = candidate.firstIndex(of: ";"),
                let character = character(for: rest[afterAmpersand..<semicolon])
            {
                output.unicodeScalars.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output += "&"
                rest = rest[afterAmpersand...]
            }
        }
        output += rest
        return output
    }

    /// The character a reference's body (between `&` and `;`) stands for.
    private static func character(for body: Substring) -> Unicode.Scalar? {
        guard body.first == "#" else { return named[String(body)] }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value else { return nil }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
        "nbsp": "\u{00A0}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
        "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "shy": "\u{00AD}",
        "ndash": "–", "mdash": "—", "horbar": "―", "hellip": "…", "middot": "·", "bull": "•",
        "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„",
        "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "prime": "′", "Prime": "″",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±", "times": "×", "divide": "÷",
        "minus": "−", "permil": "‰", "sect": "§", "para": "¶", "dagger": "†", "Dagger": "‡",
        "iexcl": "¡", "iquest": "¿", "cent": "¢", "pound": "£", "yen": "¥", "euro": "€", "curren": "¤",
        "micro": "µ", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³",
        "ordf": "ª", "ordm": "º", "not": "¬", "macr": "¯", "acute": "´", "uml": "¨", "cedil": "¸",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "hearts": "♥", "spades": "♠",
        "clubs": "♣", "diams": "♦", "star": "☆", "loz": "◊", "infin": "∞", "asymp": "≈", "ne": "≠",
        "le": "≤", "ge": "≥",
        "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä", "Aring": "Å", "AElig": "Æ",
        "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë", "Igrave": "Ì", "Iacute": "Í",
        "Icirc": "Î", "Iuml": "Ï", "Ntilde": "Ñ", "Ograve": "Ò", "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ",
        "Ouml": "Ö", "Oslash": "Ø", "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü", "Yacute": "Ý",
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ",
        "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í",
        "icirc": "î", "iuml": "ï", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ",
        "ouml": "ö", "oslash": "ø", "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý",
        "yuml": "ÿ", "szlig": "ß", "OElig": "Œ", "oelig": "œ",
    ]
}
