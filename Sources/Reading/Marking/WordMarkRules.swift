import Foundation

/// What a markable word and its context may be.
public enum WordMarkRules {
    /// The longest word, in Unicode scalars.
    public static let maximumWordLength = 32
    /// The longest sentence kept as context, in Unicode scalars.
    public static let maximumSentenceLength = 300

    /// The word trimmed, or an error if it is empty, too long or has no letters.
    public static func validatedWord(_ word: String) throws(ReadingError) -> String {
        let trimmed = word.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.contains(where: \.isNewline) else { throw .invalidWord("A word cannot span lines.") }
        guard !trimmed.isEmpty else { throw .invalidWord("The word is empty.") }
        guard trimmed.unicodeScalars.count <= maximumWordLength else {
            throw .invalidWord("The word is too long (at most \(maximumWordLength) characters).")
        }
        guard trimmed.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else {
            throw .invalidWord("“\(trimmed)” is not a word.")
        }
        return trimmed
    }

    /// The sentence trimmed to the limit, or nil when empty.
    public static func clampedSentence(_ sentence: String?) -> String? {
        guard let sentence else { return nil }
        let trimmed = sentence.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix(maximumSentenceLength)))
    }
}
