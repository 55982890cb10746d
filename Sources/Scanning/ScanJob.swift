public import Foundation
public import Reading

/// Where one photographed page is in its journey to becoming a book page.
public enum ScanPageStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Waiting for a worker.
    case queued
    /// Being read now.
    case processing
    /// Read; its text is ready (and in the book once the job is published).
    case done
    /// Could not be read; `ScanPage.errorMessage` says why. Retry or retake it.
    case failed
}

/// One photo in a scan job.
public struct ScanPage: Hashable, Sendable, Codable, Identifiable {
    /// The page's identifier.
    public var id: UUID
    /// Its place in the book, from 0, as the user ordered the photos.
    public var position: Int
    /// The stored photo, relative to the data directory.
    public var imagePath: String
    /// The photo's format.
    public var format: ImageFormat
    /// The user's rotation of the photo.
    public var rotation: QuarterTurn
    /// Where the page is in processing.
    public var status: ScanPageStatus
    /// The recognised (or corrected) text, once done.
    public var text: String?
    /// The recognised lines with their confidence.
    public var lines: [RecognizedLineConfidence]
    /// Why the page failed, for the user.
    public var errorMessage: String?
    /// How many times recognition ran on this photo.
    public var attempts: Int
    /// Whether the user corrected the text by hand.
    public var isCorrected: Bool

    /// Creates a page.
    public init(
        id: UUID, position: Int, imagePath: String, format: ImageFormat, rotation: QuarterTurn,
        status: ScanPageStatus = .queued, text: String? = nil, lines: [RecognizedLineConfidence] = [],
        errorMessage: String? = nil, attempts: Int = 0, isCorrected: Bool = false
    ) {
        self.id = id
        self.position = position
        self.imagePath = imagePath
        self.format = format
        self.rotation = rotation
        self.status = status
        self.text = text
        self.lines = lines
        self.errorMessage = errorMessage
        self.attempts = attempts
        self.isCorrected = isCorrected
    }
}

/// Photos being turned into a book: the title, the pages in order, and the book once published.
public struct ScanJob: Hashable, Sendable, Codable, Identifiable {
    /// The job's identifier.
    public var id: UUID
    /// The owner.
    public var ownerID: UUID
    /// The book's title.
    public var title: String
    /// The book's author, if given.
    public var author: String?
    /// When the photos were uploaded.
    public var createdAt: Date
    /// When a page last changed.
    public var updatedAt: Date
    /// The photos in reading order.
    public var pages: [ScanPage]
    /// The book made from the read pages, once every page has finished.
    public var bookID: UUID?

    /// Creates a job.
    public init(
        id: UUID, ownerID: UUID, title: String, author: String?, createdAt: Date, updatedAt: Date,
        pages: [ScanPage], bookID: UUID? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.author = author
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pages = pages.sorted { $0.position < $1.position }
        self.bookID = bookID
    }

    /// Whether any page is still waiting or being read.
    public var isProcessing: Bool { pages.contains { $0.status == .queued || $0.status == .processing } }
    /// How many pages have finished, read or failed.
    public var finishedCount: Int { pages.filter { $0.status == .done || $0.status == .failed }.count }
    /// The page being read now, from 1, for "Processing page 2/5…".
    public var currentPageNumber: Int? {
        pages.firstIndex { $0.status == .processing }.map { $0 + 1 }
            ?? pages.firstIndex { $0.status == .queued }.map { $0 + 1 }
    }

    /// The book page that a done scan page became: its rank among the done pages, from 1.
    public func bookPageNumber(of pageID: UUID) -> Int? {
        let done = pages.filter { $0.status == .done }
        return done.firstIndex { $0.id == pageID }.map { $0 + 1 }
    }
}

/// A scan job before it is stored: title, author and the photos in order.
public struct ScanJobDraft: Hashable, Sendable {
    /// The book's title.
    public var title: String
    /// The author, if any.
    public var author: String?
    /// The photos in order (already stored, see ``ScanPage/imagePath``).
    public var pages: [ScanPage]

    /// Creates a draft.
    public init(title: String, author: String?, pages: [ScanPage]) {
        self.title = title
        self.author = author
        self.pages = pages
    }
}

/// Limits on a scan job.
public enum ScanRules {
    /// The most photos in one job.
    public static let maximumPages = 100
    /// How many times a page is read before it is left failed for the user to retry.
    public static let maximumAutomaticAttempts = 2
}

/// What can go wrong with a scan job, in words for the user.
public enum ScanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No job with that identifier belongs to the user.
    case jobNotFound
    /// No page with that identifier is in the job.
    case pageNotFound
    /// The job has no photos.
    case noPages
    /// The job has more photos than allowed.
    case tooManyPages(limit: Int)
    /// The page is still being read.
    case pageBusy
    /// The page has no text to correct (it failed); retry or retake it first.
    case pageNotRead
    /// A photo was refused; `fileName` says which.
    case badImage(fileName: String, reason: ImageInputError)
    /// The page has no text to keep.
    case emptyCorrection

    /// A sentence the user can act on.
    public var description: String {
        switch self {
        case .jobNotFound: "That scan is not in your library."
        case .pageNotFound: "That page is not part of this scan."
        case .noPages: "Please select at least one page."
        case .tooManyPages(let limit): "A scan can have at most \(limit) photos; split the book into parts."
        case .pageBusy: "That page is being read right now; wait for it to finish."
        case .pageNotRead: "That page has no text to correct yet: retry or retake it first."
        case .badImage(let name, let reason): name.isEmpty ? reason.description : "\(name): \(reason.description)"
        case .emptyCorrection: "The corrected text is empty. To drop the page, delete it from the book instead."
        }
    }
}

/// Stores scan jobs. Every method is scoped to one user, except the ones the background processor
/// uses to find work.
public protocol ScanJobRepository: Sendable {
    /// Stores a new job with its pages, all queued.
    func create(_ draft: ScanJobDraft, for userID: UUID, at date: Date) async throws -> ScanJob
    /// One job, or `ScanError.jobNotFound`.
    func job(_ jobID: UUID, of userID: UUID) async throws -> ScanJob
    /// The user's jobs, newest first.
    func jobs(of userID: UUID) async throws -> [ScanJob]
    /// Every job with a queued or processing page, oldest first (to resume after a restart).
    func unfinishedJobs() async throws -> [ScanJob]
    /// Saves a page's new state.
    func update(_ page: ScanPage, of jobID: UUID, at date: Date) async throws
    /// Records the book the job became.
    func setBook(_ bookID: UUID?, of jobID: UUID, at date: Date) async throws
    /// Deletes a job and its pages (not the book).
    func delete(_ jobID: UUID, of userID: UUID) async throws
}
