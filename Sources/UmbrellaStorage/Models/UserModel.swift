import FluentKit
import Foundation

final class UserModel: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "display_name") var displayName: String
    @Field(key: "is_anonymous") var isAnonymous: Bool
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "starter_library_seeded_at") var starterLibrarySeededAt: Date?

    init() {}

    init(id: UUID, displayName: String, isAnonymous: Bool, createdAt: Date) {
        self.id = id
        self.displayName = displayName
        self.isAnonymous = isAnonymous
        self.createdAt = createdAt
    }
}
