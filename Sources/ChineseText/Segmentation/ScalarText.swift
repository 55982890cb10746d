/// Text decoded once into Unicode scalars, with their classes and their offsets in UTF-8 and UTF-16,
/// so the segmenter can work on integers and still cut the original string exactly.
struct ScalarText {
    let scalars: [UInt32]
    let classes: [ScalarClass]
    /// Offsets of each scalar (and of the end) in the UTF-8 and UTF-16 encodings.
    private let utf8Offsets: [Int32]
    private let utf16Offsets: [Int32]
    private let utf8: [UInt8]

    init(_ text: String) {
        utf8 = Array(text.utf8)
        var scalars: [UInt32] = []
        var classes: [ScalarClass] = []
        var utf8Offsets: [Int32] = []
        var utf16Offsets: [Int32] = []
        scalars.reserveCapacity(utf8.count)
        classes.reserveCapacity(utf8.count)
        utf8Offsets.reserveCapacity(utf8.count + 1)
        utf16Offsets.reserveCapacity(utf8.count + 1)
        var offset8: Int32 = 0
        var offset16: Int32 = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            scalars.append(value)
            classes.append(ScalarClass(value))
            utf8Offsets.append(offset8)
            utf16Offsets.append(offset16)
            offset8 += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
            offset16 += value < 0x10000 ? 1 : 2
        }
        utf8Offsets.append(offset8)
        utf16Offsets.append(offset16)
        self.scalars = scalars
        self.classes = classes
        self.utf8Offsets = utf8Offsets
        self.utf16Offsets = utf16Offsets
    }

    var count: Int { scalars.count }

    func text(_ start: Int, _ end: Int) -> String {
        utf8.withUnsafeBufferPointer { buffer in
            String(decoding: buffer[Int(utf8Offsets[start])..<Int(utf8Offsets[end])], as: UTF8.self)
        }
    }

    func append(_ tokens: inout [Token], _ start: Int, _ end: Int, _ kind: TokenKind, _ source: TokenSource) {
        tokens.append(
            Token(
                text: text(start, end), kind: kind, source: source,
                utf16Range: Int(utf16Offsets[start])..<Int(utf16Offsets[end]), characterRange: start..<end))
    }

    @inline(__always)
    private func isAlphanumeric(_ index: Int) -> Bool {
        index < count && (classes[index] == .letter || classes[index] == .digit)
    }

    /// Punctuation that stays inside a Latin word or a number when letters or digits follow it.
    @inline(__always)
    private func isConnector(_ index: Int) -> Bool {
        switch scalars[index].foldedWidth {
        case 0x2D, 0x27, 0x2019, 0x2E, 0x26, 0x5F, 0x2C, 0x3A, 0x2F: true  // - ' ’ . & _ , : /
        default: false
        }
    }

    @inline(__always)
    private func isPercent(_ index: Int) -> Bool {
        index < count && (scalars[index] == 0x25 || scalars[index] == 0xFF05)
    }

    /// The end of the run of Han characters, letters and digits starting at `start`, taking in
    /// connectors between letters or digits (`A-AVG`, `3.5`) and a percent sign after digits.
    func latticeRunEnd(from start: Int) -> Int {
        var end = start
        while end < count {
            switch classes[end] {
            case .han, .letter, .digit, .extending:
                end += 1
            case .punctuation where end > start && isAlphanumeric(end - 1):
                if isConnector(end) && isAlphanumeric(end + 1) {
                    end += 2
                } else if isPercent(end) && classes[end - 1] == .digit {
                    end += 1
                } else {
                    return end
                }
            default:
                return end
            }
        }
        return end
    }
}
