import FluentKit
import Foundation

final class WordMarkModel: Model, @unchecked Sendable {
    static let schema = "word_marks"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "word") var word: String
    @Field(key: "is_marked") var isMarked: Bool
    @Field(key: "mark_count") var markCount: Int
    @OptionalField(key: "book_id") var bookID: UUID?
    @OptionalField(key: "book_title") var bookTitle: String?
    @OptionalField(key: "page_number") var pageNumber: Int?
    @OptionalField(key: "sentence") var sentence: String?
    @Field(key: "first_marked_at") var firstMarkedAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}
