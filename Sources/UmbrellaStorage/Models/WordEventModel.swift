import FluentKit
import Foundation

/// One thing a learner did with a word: marked, unmarked or looked it up. Marks and unmarks use
/// the client's event identifier as the primary key, which makes retries idempotent.
final class WordEventModel: Model, @unchecked Sendable {
    static let schema = "word_events"

    enum Kind: String {
        case mark, unmark, lookup
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "kind") var kind: String
    @Field(key: "word") var word: String
    @OptionalField(key: "book_id") var bookID: UUID?
    @OptionalField(key: "page_number") var pageNumber: Int?
    @OptionalField(key: "session_id") var sessionID: UUID?
    @OptionalField(key: "sentence") var sentence: String?
    @Field(key: "occurred_at") var occurredAt: Date
    @Field(key: "recorded_at") var recordedAt: Date

    init() {}
}
