import FluentKit
import Foundation

final class PageModel: Model, @unchecked Sendable {
    static let schema = "pages"

    @ID(key: .id) var id: UUID?
    @Field(key: "book_id") var bookID: UUID
    @Field(key: "number") var number: Int
    @Field(key: "text") var text: String
    @OptionalField(key: "chapter_title") var chapterTitle: String?
    @OptionalField(key: "image_path") var imagePath: String?
    /// The recognised lines with confidence, as JSON (empty for typed text).
    @Field(key: "recognized_lines") var recognizedLines: String
    @Field(key: "character_count") var characterCount: Int

    init() {}
}
