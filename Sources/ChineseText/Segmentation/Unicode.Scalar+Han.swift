extension Unicode.Scalar {
    /// Whether the scalar is a Han character (CJK Unified Ideographs and extensions, compatibility
    /// ideographs, and 〇).
    public var isHan: Bool {
        switch value {
        case 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
        default: false
        }
    }
}
