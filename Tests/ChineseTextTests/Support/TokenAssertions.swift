import ChineseText
import Testing

/// Checks the contract every segmentation must keep, whatever the input: the tokens tile the
/// input exactly, and each token's UTF-16 and scalar ranges point at its own text.
func expectTokensTile(
    _ input: String, _ tokens: [Token], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        tokens.map(\.text).joined() == input, "tokens must concatenate to the input", sourceLocation: sourceLocation)
    let utf16 = Array(input.utf16)
    let scalars = Array(input.unicodeScalars)
    var utf16Position = 0
    var scalarPosition = 0
    for token in tokens {
        #expect(!token.text.isEmpty, "empty token in \(input.debugDescription)", sourceLocation: sourceLocation)
        #expect(
            token.utf16Range.lowerBound == utf16Position && token.characterRange.lowerBound == scalarPosition,
            "token \(token.text.debugDescription) does not start where the previous one ended",
            sourceLocation: sourceLocation)
        guard token.utf16Range.upperBound <= utf16.count, token.characterRange.upperBound <= scalars.count,
            token.utf16Range.lowerBound <= token.utf16Range.upperBound,
            token.characterRange.lowerBound <= token.characterRange.upperBound
        else {
            Issue.record(
                "token \(token.text.debugDescription) has ranges outside the input", sourceLocation: sourceLocation)
            return
        }
        #expect(
            String(decoding: utf16[token.utf16Range], as: UTF16.self) == token.text,
            "UTF-16 range of \(token.text.debugDescription)", sourceLocation: sourceLocation)
        var scalarText = String.UnicodeScalarView()
        scalarText.append(contentsOf: scalars[token.characterRange])
        #expect(
            String(scalarText) == token.text, "scalar range of \(token.text.debugDescription)",
            sourceLocation: sourceLocation)
        utf16Position = token.utf16Range.upperBound
        scalarPosition = token.characterRange.upperBound
    }
    #expect(utf16Position == utf16.count, sourceLocation: sourceLocation)
    #expect(scalarPosition == scalars.count, sourceLocation: sourceLocation)
}

extension String {
    /// Full-width ASCII forms (`ＯＫ`) folded to ASCII, the way the segmenter matches headwords.
    var foldingFullWidth: String {
        var folded = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                folded.append(ascii)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }
}
