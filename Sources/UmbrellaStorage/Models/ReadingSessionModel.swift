import FluentKit
import Foundation

final class ReadingSessionModel: Model, @unchecked Sendable {
    static let schema = "reading_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @OptionalField(key: "book_id") var bookID: UUID?
    @Field(key: "book_title") var bookTitle: String
    @Field(key: "started_at") var startedAt: Date
    @Field(key: "last_activity_at") var lastActivityAt: Date
    @OptionalField(key: "ended_at") var endedAt: Date?
    @OptionalField(key: "end_reason") var endReason: String?
    @Field(key: "seconds_read") var secondsRead: Int
    @Field(key: "start_page") var startPage: Int
    @Field(key: "furthest_page") var furthestPage: Int
    @Field(key: "pages_reached") var pagesReached: Int

    init() {}
}

final class SessionPageModel: Model, @unchecked Sendable {
    static let schema = "session_pages"

    @ID(key: .id) var id: UUID?
    @Field(key: "session_id") var sessionID: UUID
    @Field(key: "page_number") var pageNumber: Int
    @Field(key: "reached_at") var reachedAt: Date

    init() {}
}

final class WordExposureModel: Model, @unchecked Sendable {
    static let schema = "word_exposures"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "word") var word: String
    @Field(key: "seen_count") var seenCount: Int
    @Field(key: "first_seen_at") var firstSeenAt: Date
    @Field(key: "last_seen_at") var lastSeenAt: Date

    init() {}
}
