import Foundation
import OCRWorker
import Reading
import Scanning
import UmbrellaStorage
import Vapor

extension Application {
    private struct OCRPoolKey: StorageKey { typealias Value = OCRWorkerPool }
    private struct ScanProcessorKey: StorageKey { typealias Value = ScanJobProcessor }

    /// The PP-OCR worker pool.
    var ocr: OCRWorkerPool {
        get {
            guard let pool = storage[OCRPoolKey.self] else { fatalError("configure(_:) sets the OCR pool") }
            return pool
        }
        set { storage[OCRPoolKey.self] = newValue }
    }

    /// The background processor of scan jobs.
    var scanProcessor: ScanJobProcessor {
        get {
            guard let processor = storage[ScanProcessorKey.self] else {
                fatalError("configure(_:) sets the scan processor")
            }
            return processor
        }
        set { storage[ScanProcessorKey.self] = newValue }
    }

    /// Where uploaded photos are kept: `scans/` in the data directory.
    var scanImageDirectory: URL { umbrellaConfiguration.dataDirectory.appendingPathComponent("scans") }

    /// Starts the OCR pool and the scan processor, and resumes jobs a previous run left unfinished.
    func startScanning() async throws {
        let pool = OCRWorkerPool(configuration: umbrellaConfiguration.ocrWorker)
        ocr = pool
        let database = self.database(logger: logger)
        let lock = writeLock
        let cache = readerCache
        let dataDirectory = umbrellaConfiguration.dataDirectory
        let processor = ScanJobProcessor(
            jobs: LockedScanJobRepository(base: FluentScanJobRepository(database: database), lock: lock),
            books: LockedBookRepository(base: FluentBookRepository(database: database), lock: lock),
            recognizer: pool,
            imageURL: { dataDirectory.appendingPathComponent($0) },
            now: now,
            bookChanged: { cache.removeBook($0) })
        scanProcessor = processor
        try await processor.resume()
        lifecycle.use(OCRShutdown(pool: pool))
    }
}

/// Stops the OCR workers when the app shuts down.
private struct OCRShutdown: LifecycleHandler {
    let pool: OCRWorkerPool

    func shutdownAsync(_ application: Application) async {
        await pool.shutdown()
    }
}

/// Scan-job writes from the background processor, taken through the app's write lock like every
/// request's writes (SQLite has one writer).
struct LockedScanJobRepository: ScanJobRepository {
    let base: any ScanJobRepository
    let lock: WriteLock

    func create(_ draft: ScanJobDraft, for userID: UUID, at date: Date) async throws -> ScanJob {
        try await lock.withLock { try await base.create(draft, for: userID, at: date) }
    }
    func job(_ jobID: UUID, of userID: UUID) async throws -> ScanJob { try await base.job(jobID, of: userID) }
    func jobs(of userID: UUID) async throws -> [ScanJob] { try await base.jobs(of: userID) }
    func unfinishedJobs() async throws -> [ScanJob] { try await base.unfinishedJobs() }
    func update(_ page: ScanPage, of jobID: UUID, at date: Date) async throws {
        try await lock.withLock { try await base.update(page, of: jobID, at: date) }
    }
    func setBook(_ bookID: UUID?, of jobID: UUID, at date: Date) async throws {
        try await lock.withLock { try await base.setBook(bookID, of: jobID, at: date) }
    }
    func delete(_ jobID: UUID, of userID: UUID) async throws {
        try await lock.withLock { try await base.delete(jobID, of: userID) }
    }
}

/// Book writes from the background processor, through the app's write lock.
struct LockedBookRepository: BookRepository {
    let base: any BookRepository
    let lock: WriteLock

    func books(of userID: UUID) async throws -> [Book] { try await base.books(of: userID) }
    func book(_ bookID: UUID, of userID: UUID) async throws -> Book { try await base.book(bookID, of: userID) }
    func pages(_ range: ClosedRange<Int>, of bookID: UUID, userID: UUID) async throws -> [BookPage] {
        try await base.pages(range, of: bookID, userID: userID)
    }
    func pageLengths(of bookID: UUID, userID: UUID) async throws -> [Int] {
        try await base.pageLengths(of: bookID, userID: userID)
    }
    func add(_ draft: BookDraft, for userID: UUID, at date: Date) async throws -> Book {
        try await lock.withLock { try await base.add(draft, for: userID, at: date) }
    }
    func delete(_ bookID: UUID, of userID: UUID) async throws -> Int {
        try await lock.withLock { try await base.delete(bookID, of: userID) }
    }
    func insertPage(_ page: PageDraft, at number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try await lock.withLock { try await base.insertPage(page, at: number, of: bookID, userID: userID, at: date) }
    }
    func replacePage(_ number: Int, with page: PageDraft, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try await lock.withLock {
            try await base.replacePage(number, with: page, of: bookID, userID: userID, at: date)
        }
    }
    func removePage(_ number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try await lock.withLock { try await base.removePage(number, of: bookID, userID: userID, at: date) }
    }
    func savePosition(_ position: ReadingPosition, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try await lock.withLock { try await base.savePosition(position, of: bookID, userID: userID, at: date) }
    }
}
