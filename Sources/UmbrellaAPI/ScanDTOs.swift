public import Foundation
public import Scanning

/// One photographed page of a scan job, as the API returns it.
public struct ScanPageDTO: Codable, Hashable, Sendable {
    /// The page's identifier.
    public var id: UUID
    /// Its place in the book, from 1.
    public var number: Int
    /// queued, processing, done or failed.
    public var status: ScanPageStatus
    /// The recognised (or corrected) text, once done.
    public var text: String?
    /// The recognised lines with confidence.
    public var lines: [LineConfidenceDTO]
    /// Why it failed, for the user.
    public var error: String?
    /// How many times it was read.
    public var attempts: Int
    /// Whether the user corrected the text.
    public var corrected: Bool
    /// The page it became in the book, once published.
    public var bookPage: Int?
    /// The photo's URL.
    public var imageURL: String

    /// Creates the DTO of page `page` of `job`.
    public init(_ page: ScanPage, of job: ScanJob) {
        id = page.id
        number = page.position + 1
        status = page.status
        text = page.text
        lines = page.lines.map { LineConfidenceDTO(text: $0.text, confidence: $0.confidence) }
        error = page.errorMessage
        attempts = page.attempts
        corrected = page.isCorrected
        bookPage = job.bookID == nil ? nil : job.bookPageNumber(of: page.id)
        imageURL = "/api/v1/scans/\(job.id.uuidString)/pages/\(page.id.uuidString)/image"
    }
}

/// A recognised line and its confidence.
public struct LineConfidenceDTO: Codable, Hashable, Sendable {
    /// The line's text.
    public var text: String
    /// The recogniser's confidence, 0…1.
    public var confidence: Double

    /// Creates a line.
    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// A scan job: photos becoming a book.
public struct ScanJobDTO: Codable, Hashable, Sendable {
    /// The job's identifier.
    public var id: UUID
    /// The book's title.
    public var title: String
    /// The author.
    public var author: String?
    /// processing while any page waits or is being read, else finished.
    public var status: String
    /// How many pages have finished (read or failed).
    public var finished: Int
    /// How many pages there are.
    public var total: Int
    /// How many were read.
    public var succeeded: Int
    /// How many failed.
    public var failed: Int
    /// The page being read now, from 1.
    public var current: Int?
    /// The book, once published.
    public var bookID: UUID?
    /// The pages in order.
    public var pages: [ScanPageDTO]
    /// When the photos were uploaded.
    public var createdAt: Date
    /// When a page last changed.
    public var updatedAt: Date

    /// Creates the DTO of a job.
    public init(_ job: ScanJob) {
        id = job.id
        title = job.title
        author = job.author
        status = job.isProcessing ? "processing" : "finished"
        finished = job.finishedCount
        total = job.pages.count
        succeeded = job.pages.filter { $0.status == .done }.count
        failed = job.pages.filter { $0.status == .failed }.count
        current = job.isProcessing ? job.currentPageNumber : nil
        bookID = job.bookID
        pages = job.pages.map { ScanPageDTO($0, of: job) }
        createdAt = job.createdAt
        updatedAt = job.updatedAt
    }
}

/// `PUT /api/v1/scans/{jobID}/pages/{pageID}` and `PUT /api/v1/books/{bookID}/pages/{page}`: a
/// corrected page text.
public struct PageCorrectionRequest: Codable, Hashable, Sendable {
    /// The corrected text.
    public var text: String

    /// Creates a correction.
    public init(text: String) {
        self.text = text
    }
}
