/// Splits text into tokens.
public protocol Segmenter: Sendable {
    /// Segments `text` into tokens that concatenate back to `text` exactly.
    func segment(_ text: String) -> [Token]
}
