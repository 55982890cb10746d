import FluentKit
import Foundation

final class BookModel: Model, @unchecked Sendable {
    static let schema = "books"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "title") var title: String
    @OptionalField(key: "author") var author: String?
    @Field(key: "source") var source: String
    @OptionalField(key: "hsk_level") var hskLevel: Int?
    @Field(key: "page_count") var pageCount: Int
    @Field(key: "character_count") var characterCount: Int
    @Field(key: "position_page") var positionPage: Int
    @Field(key: "position_fraction") var positionFraction: Double
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}
