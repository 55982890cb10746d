public import Foundation
public import Reading

/// Runs scan jobs in the background: reads each queued photo with the text recogniser, keeps the
/// result (or why it failed) after every page, and publishes the read pages as a book once every
/// page has finished. All changes to jobs go through this actor, so a correction never races a
/// recognition. State lives in the repository, so a restart resumes where it stopped (``resume()``).
public actor ScanJobProcessor {
    /// Turns a stored photo's relative path into a file URL.
    public typealias ImageLocator = @Sendable (String) -> URL

    private let jobs: any ScanJobRepository
    private let books: any BookRepository
    private let recognizer: any TextRecognizer
    private let imageURL: ImageLocator
    private let now: @Sendable () -> Date
    private let bookChanged: @Sendable (UUID) -> Void
    private var queue: [(jobID: UUID, ownerID: UUID)] = []
    private var worker: Task<Void, Never>?

    /// Creates a processor. `bookChanged` is called after a book's pages change (to drop caches).
    public init(
        jobs: any ScanJobRepository, books: any BookRepository, recognizer: any TextRecognizer,
        imageURL: @escaping ImageLocator, now: @escaping @Sendable () -> Date = { Date() },
        bookChanged: @escaping @Sendable (UUID) -> Void = { _ in }
    ) {
        self.jobs = jobs
        self.books = books
        self.recognizer = recognizer
        self.imageURL = imageURL
        self.now = now
        self.bookChanged = bookChanged
    }

    /// Requeues every page a previous run left queued or half-read, and starts on them.
    public func resume() async throws {
        for job in try await jobs.unfinishedJobs() {
            for var page in job.pages where page.status == .processing {
                page.status = .queued
                try await jobs.update(page, of: job.id, at: now())
            }
            enqueue(job.id, ownerID: job.ownerID)
        }
    }

    /// Stores a new job and starts reading it.
    public func submit(_ draft: ScanJobDraft, for userID: UUID) async throws -> ScanJob {
        guard !draft.pages.isEmpty else { throw ScanError.noPages }
        guard draft.pages.count <= ScanRules.maximumPages else {
            throw ScanError.tooManyPages(limit: ScanRules.maximumPages)
        }
        let job = try await jobs.create(draft, for: userID, at: now())
        enqueue(job.id, ownerID: userID)
        return job
    }

    /// Reads a failed (or done) page again, from the same photo or a new one (a retake).
    public func retry(
        _ pageID: UUID, of jobID: UUID, userID: UUID, newImage: (path: String, format: ImageFormat)? = nil
    ) async throws -> ScanJob {
        let job = try await jobs.job(jobID, of: userID)
        guard var page = job.pages.first(where: { $0.id == pageID }) else { throw ScanError.pageNotFound }
        guard page.status != .processing && page.status != .queued else { throw ScanError.pageBusy }
        if page.status == .done, job.bookID != nil { try await removeFromBook(page, of: job) }
        if let newImage {
            page.imagePath = newImage.path
            page.format = newImage.format
            page.rotation = .none
        }
        page.status = .queued
        page.errorMessage = nil
        page.attempts = 0
        page.isCorrected = false
        try await jobs.update(page, of: jobID, at: now())
        enqueue(jobID, ownerID: userID)
        return try await jobs.job(jobID, of: userID)
    }

    /// Replaces a read page's text with the user's correction; a published page is re-segmented in
    /// the book too.
    public func correct(_ text: String, page pageID: UUID, of jobID: UUID, userID: UUID) async throws -> ScanJob {
        let cleaned = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard !cleaned.allSatisfy(\.isWhitespace) else { throw ScanError.emptyCorrection }
        guard cleaned.unicodeScalars.count <= BookRules.maximumTextLength else {
            throw ReadingError.textTooLong(limit: BookRules.maximumTextLength)
        }
        let job = try await jobs.job(jobID, of: userID)
        guard var page = job.pages.first(where: { $0.id == pageID }) else { throw ScanError.pageNotFound }
        guard page.status != .queued && page.status != .processing else { throw ScanError.pageBusy }
        guard page.status == .done else { throw ScanError.pageNotRead }
        page.text = cleaned
        page.isCorrected = true
        try await jobs.update(page, of: jobID, at: now())
        if let bookID = job.bookID, let number = job.bookPageNumber(of: pageID) {
            do {
                try await books.replacePage(number, with: pageDraft(page), of: bookID, userID: userID, at: now())
                bookChanged(bookID)
            } catch ReadingError.bookNotFound {
                try await jobs.setBook(nil, of: jobID, at: now())
            }
        }
        return try await jobs.job(jobID, of: userID)
    }

    /// Waits until every queued page has been read (for tests and the command line).
    public func waitUntilIdle() async {
        while let running = worker {
            await running.value
            if worker == running { worker = nil }
        }
    }

    private func enqueue(_ jobID: UUID, ownerID: UUID) {
        if !queue.contains(where: { $0.jobID == jobID }) { queue.append((jobID, ownerID)) }
        guard worker == nil else { return }
        worker = Task { await self.drain() }
    }

    private func drain() async {
        while !queue.isEmpty {
            let next = queue.removeFirst()
            do {
                try await process(next.jobID, ownerID: next.ownerID)
            } catch {
                // The job stays as stored; a restart or a retry picks it up again.
            }
        }
        worker = nil
    }

    private func process(_ jobID: UUID, ownerID: UUID) async throws {
        var job = try await jobs.job(jobID, of: ownerID)
        while let index = job.pages.firstIndex(where: { $0.status == .queued }) {
            var page = job.pages[index]
            page.status = .processing
            try await jobs.update(page, of: jobID, at: now())
            page = await read(page)
            try await jobs.update(page, of: jobID, at: now())
            job = try await jobs.job(jobID, of: ownerID)
            if page.status == .done, job.bookID != nil { try await insertIntoBook(page, of: job) }
        }
        if job.bookID == nil, job.pages.contains(where: { $0.status == .done }) { try await publish(job) }
    }

    /// Reads one page, retrying engine failures, and returns its new state.
    private func read(_ page: ScanPage) async -> ScanPage {
        var page = page
        let options = PageRecognitionOptions(rotation: page.rotation)
        while true {
            page.attempts += 1
            do {
                let result = try await recognizer.recognizePage(at: imageURL(page.imagePath), options: options)
                let text = result.text
                guard !text.allSatisfy(\.isWhitespace) else {
                    page.status = .failed
                    page.errorMessage =
                        "No text was found on this photo. Retake it with the page filling the frame, in good light."
                    return page
                }
                page.status = .done
                page.text = text
                page.lines = result.lines.map { RecognizedLineConfidence(text: $0.text, confidence: $0.confidence) }
                page.errorMessage = nil
                return page
            } catch {
                let retryable: Bool
                switch error {
                case .timedOut, .failed: retryable = true
                case .badImage, .unavailable: retryable = false
                }
                if retryable && page.attempts < ScanRules.maximumAutomaticAttempts { continue }
                page.status = .failed
                page.errorMessage = error.description
                return page
            }
        }
    }

    private func publish(_ job: ScanJob) async throws {
        let pages = job.pages.filter { $0.status == .done }.map(pageDraft)
        let draft = BookDraft(title: job.title, author: job.author, source: .scan, pages: pages)
        let book = try await books.add(draft, for: job.ownerID, at: now())
        try await jobs.setBook(book.id, of: job.id, at: now())
    }

    private func insertIntoBook(_ page: ScanPage, of job: ScanJob) async throws {
        guard let bookID = job.bookID, let number = job.bookPageNumber(of: page.id) else { return }
        do {
            try await books.insertPage(pageDraft(page), at: number, of: bookID, userID: job.ownerID, at: now())
            bookChanged(bookID)
        } catch ReadingError.bookNotFound {
            // The user deleted the book: publish the job's pages again as a new one.
            try await jobs.setBook(nil, of: job.id, at: now())
        }
    }

    private func removeFromBook(_ page: ScanPage, of job: ScanJob) async throws {
        guard let bookID = job.bookID, let number = job.bookPageNumber(of: page.id) else { return }
        do {
            try await books.removePage(number, of: bookID, userID: job.ownerID, at: now())
            bookChanged(bookID)
        } catch ReadingError.bookNotFound {
            try await jobs.setBook(nil, of: job.id, at: now())
        }
    }

    private nonisolated func pageDraft(_ page: ScanPage) -> PageDraft {
        PageDraft(text: page.text ?? "", imagePath: page.imagePath, recognizedLines: page.lines)
    }
}
