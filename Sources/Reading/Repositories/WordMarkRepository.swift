public import Foundation

/// Stores the words a learner marked and every mark, unmark and lookup they made.
public protocol WordMarkRepository: Sendable {
    /// Applies a change in one transaction and returns the word's mark afterwards. A change whose
    /// event identifier was seen before changes nothing and reports `.duplicate`.
    func apply(_ change: MarkChange, for userID: UUID, at date: Date) async throws -> (WordMark?, MarkChangeOutcome)
    /// All the user's marks (current and unmarked), most recent first.
    func marks(for userID: UUID) async throws -> [WordMark]
    /// The mark of one word, if the user ever marked it.
    func mark(of word: String, for userID: UUID) async throws -> WordMark?
    /// Which of `words` the user has marked now.
    func markedWords(for userID: UUID, among words: [String]) async throws -> Set<String>
    /// Records that the user looked a word up (for the session summary and the level estimate).
    func recordLookup(
        of word: String, for userID: UUID, bookID: UUID?, pageNumber: Int?, sessionID: UUID?, at date: Date
    ) async throws
}
