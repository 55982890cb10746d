import FluentKit
import Foundation

/// A batch of photos being turned into a book.
final class ScanJobModel: Model, @unchecked Sendable {
    static let schema = "scan_jobs"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "title") var title: String
    @OptionalField(key: "author") var author: String?
    /// The book made from the job (no foreign key: deleting the book keeps the job and its photos).
    @OptionalField(key: "book_id") var bookID: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

/// One photo of a scan job; `lines` is the JSON of the recognised lines with confidence.
final class ScanPageModel: Model, @unchecked Sendable {
    static let schema = "scan_pages"

    @ID(key: .id) var id: UUID?
    @Field(key: "job_id") var jobID: UUID
    @Field(key: "position") var position: Int
    @Field(key: "image_path") var imagePath: String
    @Field(key: "format") var format: String
    @Field(key: "rotation") var rotation: Int
    @Field(key: "status") var status: String
    @OptionalField(key: "text") var text: String?
    @Field(key: "lines") var lines: String
    @OptionalField(key: "error_message") var errorMessage: String?
    @Field(key: "attempts") var attempts: Int
    @Field(key: "is_corrected") var isCorrected: Bool

    init() {}
}

/// One serial-number scan in the history.
final class SerialScanModel: Model, @unchecked Sendable {
    static let schema = "serial_scans"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "scanned_at") var scannedAt: Date
    @Field(key: "device_type") var deviceType: String
    @Field(key: "preset") var preset: String
    @OptionalField(key: "serial") var serial: String?
    @Field(key: "is_valid") var isValid: Bool
    @OptionalField(key: "format") var format: String?
    @OptionalField(key: "confidence") var confidence: Double?
    @Field(key: "response") var response: String

    init() {}
}
