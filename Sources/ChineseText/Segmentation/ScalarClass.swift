/// The coarse class of a Unicode scalar, which decides how runs of text are tokenised.
enum ScalarClass: UInt8 {
    case han, digit, letter, whitespace, punctuation, extending, kana, hangul, other

    init(_ value: UInt32) {
        switch value {
        case 0x30...0x39, 0xFF10...0xFF19: self = .digit
        case 0x41...0x5A, 0x61...0x7A, 0xFF21...0xFF3A, 0xFF41...0xFF5A: self = .letter
        case 0x20, 0x09...0x0D, 0x3000, 0xA0, 0x85, 0x2028, 0x2029, 0x1680, 0x2000...0x200A, 0x202F, 0x205F:
            self = .whitespace
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: self = .punctuation
        case 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: self = .han
        case 0x3001...0x3006, 0x3008...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40,
            0xFF5B...0xFF65, 0x2010...0x2027, 0x2030...0x205E, 0xFE30...0xFE4F, 0xFE10...0xFE19:
            self = .punctuation
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF: self = .extending
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .kana
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: self = .hangul
        default:
            guard let scalar = Unicode.Scalar(value) else {
                self = .other
                return
            }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: self = .extending
            case .decimalNumber: self = .digit
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter:
                self = .letter
            case .otherLetter: self = .other
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: self = .whitespace
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
                .modifierSymbol:
                self = .punctuation
            default: self = properties.isWhitespace ? .whitespace : .other
            }
        }
    }
}

extension UInt32 {
    /// Folds full-width ASCII forms (`ＯＫ`, `１５`) to ASCII so they match dictionary headwords.
    @inline(__always)
    var foldedWidth: UInt32 { self >= 0xFF01 && self <= 0xFF5E ? self - 0xFEE0 : self }
}
