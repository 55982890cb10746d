import Foundation
import Reading
import Synchronization
import Testing

@testable import Scanning

/// Scan jobs in memory, as the Fluent repository keeps them.
final class MemoryScanJobs: ScanJobRepository, Sendable {
    private let jobs = Mutex<[UUID: ScanJob]>([:])

    func create(_ draft: ScanJobDraft, for userID: UUID, at date: Date) async throws -> ScanJob {
        let pages = draft.pages.enumerated().map { index, page in
            var page = page
            page.position = index
            page.status = .queued
            return page
        }
        let job = ScanJob(
            id: UUID(), ownerID: userID, title: draft.title, author: draft.author, createdAt: date, updatedAt: date,
            pages: pages)
        jobs.withLock { $0[job.id] = job }
        return job
    }
    func job(_ jobID: UUID, of userID: UUID) async throws -> ScanJob {
        guard let job = jobs.withLock({ $0[jobID] }), job.ownerID == userID else { throw ScanError.jobNotFound }
        return job
    }
    func jobs(of userID: UUID) async throws -> [ScanJob] { jobs.withLock { Array($0.values) } }
    func unfinishedJobs() async throws -> [ScanJob] { jobs.withLock { $0.values.filter(\.isProcessing) } }
    func update(_ page: ScanPage, of jobID: UUID, at date: Date) async throws {
        try jobs.withLock { jobs in
            guard var job = jobs[jobID], let index = job.pages.firstIndex(where: { $0.id == page.id }) else {
                throw ScanError.pageNotFound
            }
            job.pages[index] = page
            job.updatedAt = date
            jobs[jobID] = job
        }
    }
    func setBook(_ bookID: UUID?, of jobID: UUID, at date: Date) async throws {
        jobs.withLock { $0[jobID]?.bookID = bookID }
    }
    func delete(_ jobID: UUID, of userID: UUID) async throws { _ = jobs.withLock { $0.removeValue(forKey: jobID) } }
    /// Puts a page back to `processing`, as a crash in the middle of reading leaves it.
    func interrupt(_ jobID: UUID) { jobs.withLock { $0[jobID]?.pages[0].status = .processing } }
}

/// Books in memory: just enough to see what the processor publishes.
final class MemoryBooks: BookRepository, Sendable {
    private let state = Mutex<[UUID: (Book, [PageDraft])]>([:])

    func texts(_ bookID: UUID) -> [String] { state.withLock { $0[bookID]?.1.map(\.text) ?? [] } }
    func books(of userID: UUID) async throws -> [Book] { state.withLock { $0.values.map(\.0) } }
    func book(_ bookID: UUID, of userID: UUID) async throws -> Book {
        guard let book = state.withLock({ $0[bookID]?.0 }) else { throw ReadingError.bookNotFound }
        return book
    }
    func pages(_ range: ClosedRange<Int>, of bookID: UUID, userID: UUID) async throws -> [BookPage] { [] }
    func pageLengths(of bookID: UUID, userID: UUID) async throws -> [Int] { [] }
    func add(_ draft: BookDraft, for userID: UUID, at date: Date) async throws -> Book {
        let book = Book(
            id: UUID(), ownerID: userID, title: draft.title, author: draft.author, source: draft.source, hskLevel: nil,
            pageCount: draft.pages.count, characterCount: 0, createdAt: date, updatedAt: date)
        state.withLock { $0[book.id] = (book, draft.pages) }
        return book
    }
    func delete(_ bookID: UUID, of userID: UUID) async throws -> Int {
        state.withLock { _ = $0.removeValue(forKey: bookID) }
        return 0
    }
    func insertPage(_ page: PageDraft, at number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try state.withLock { state in
            guard var entry = state[bookID] else { throw ReadingError.bookNotFound }
            entry.1.insert(page, at: number - 1)
            state[bookID] = entry
        }
    }
    func replacePage(_ number: Int, with page: PageDraft, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try state.withLock { state in
            guard var entry = state[bookID] else { throw ReadingError.bookNotFound }
            entry.1[number - 1] = page
            state[bookID] = entry
        }
    }
    func removePage(_ number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws {
        try state.withLock { state in
            guard var entry = state[bookID] else { throw ReadingError.bookNotFound }
            entry.1.remove(at: number - 1)
            state[bookID] = entry
        }
    }
    func savePosition(_ position: ReadingPosition, of bookID: UUID, userID: UUID, at date: Date) async throws {}
}

/// A recogniser that answers from a script keyed by the photo's file name: a text, or an error.
final class ScriptedRecognizer: TextRecognizer, Sendable {
    enum Answer: Sendable {
        case text(String)
        case error(TextRecognitionError)
    }

    private let script = Mutex<[String: [Answer]]>([:])
    private let calls = Mutex(0)

    func on(_ file: String, answer: Answer...) { script.withLock { $0[file, default: []].append(contentsOf: answer) } }
    var callCount: Int { calls.withLock { $0 } }

    func recognizePage(
        at file: URL, options: PageRecognitionOptions
    ) async throws(TextRecognitionError)
        -> RecognizedPage
    {
        calls.withLock { $0 += 1 }
        let answer = script.withLock { script -> Answer in
            guard var answers = script[file.lastPathComponent], !answers.isEmpty else {
                return .error(.failed(message: "no script"))
            }
            let next = answers.removeFirst()
            script[file.lastPathComponent] = answers.isEmpty ? [next] : answers
            return next
        }
        switch answer {
        case .text(let text):
            let lines = text.split(separator: "\n").enumerated().map { index, line in
                RecognizedLine(
                    text: String(line), confidence: 0.9,
                    box: [
                        .init(x: 0, y: Double(index) * 100), .init(x: 100, y: Double(index) * 100),
                        .init(x: 100, y: Double(index) * 100 + 40), .init(x: 0, y: Double(index) * 100 + 40),
                    ])
            }
            return RecognizedPage(width: 100, height: 1000, lines: lines, seconds: 0.01)
        case .error(let error):
            throw error
        }
    }
}

@Suite("Scan jobs are processed in the background and published as books")
struct ScanJobProcessorTests {
    let user = UUID()

    func page(_ name: String) -> ScanPage {
        ScanPage(id: UUID(), position: 0, imagePath: "scans/x/\(name)", format: .jpeg, rotation: .none)
    }

    func processor(_ jobs: MemoryScanJobs, _ books: MemoryBooks, _ recognizer: ScriptedRecognizer) -> ScanJobProcessor {
        ScanJobProcessor(
            jobs: jobs, books: books, recognizer: recognizer, imageURL: { URL(fileURLWithPath: "/tmp/\($0)") })
    }

    @Test func everyPageReadBecomesABookInOrder() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("a.jpg", answer: .text("第一页"))
        recognizer.on("b.jpg", answer: .text("第二页"))
        let processor = processor(jobs, books, recognizer)
        let job = try await processor.submit(
            ScanJobDraft(title: "书", author: nil, pages: [page("a.jpg"), page("b.jpg")]), for: user)
        await processor.waitUntilIdle()
        let done = try await jobs.job(job.id, of: user)
        #expect(done.pages.map(\.status) == [.done, .done])
        let bookID = try #require(done.bookID)
        #expect(books.texts(bookID) == ["第一页", "第二页"])
        #expect(try await books.book(bookID, of: user).source == .scan)
    }

    @Test func aFailedPageIsReportedAndTheOthersArePublished() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("a.jpg", answer: .text("第一页"))
        recognizer.on("blank.jpg", answer: .text("  "))
        recognizer.on("bad.jpg", answer: .error(.badImage(message: "The JPEG file is damaged.")))
        let processor = processor(jobs, books, recognizer)
        let job = try await processor.submit(
            ScanJobDraft(title: "书", author: nil, pages: [page("blank.jpg"), page("a.jpg"), page("bad.jpg")]), for: user
        )
        await processor.waitUntilIdle()
        let done = try await jobs.job(job.id, of: user)
        #expect(done.pages.map(\.status) == [.failed, .done, .failed])
        #expect(done.pages[0].errorMessage?.contains("No text was found") == true)
        #expect(done.pages[2].errorMessage == "The JPEG file is damaged.")
        #expect(done.pages[2].attempts == 1)
        #expect(books.texts(try #require(done.bookID)) == ["第一页"])
    }

    @Test func engineFailuresAreRetriedOnceAutomatically() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("a.jpg", answer: .error(.timedOut(seconds: 60)), .text("终于读出来了"))
        let processor = processor(jobs, books, recognizer)
        let job = try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: [page("a.jpg")]), for: user)
        await processor.waitUntilIdle()
        let done = try await jobs.job(job.id, of: user)
        #expect(done.pages[0].status == .done)
        #expect(done.pages[0].attempts == 2)
    }

    @Test func unavailableOCRFailsAtOnceWithTheReason() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("a.jpg", answer: .error(.unavailable(reason: "the OCR worker is missing.")))
        let processor = processor(jobs, books, recognizer)
        let job = try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: [page("a.jpg")]), for: user)
        await processor.waitUntilIdle()
        let done = try await jobs.job(job.id, of: user)
        #expect(done.pages[0].status == .failed)
        #expect(done.pages[0].errorMessage == "OCR is unavailable: the OCR worker is missing.")
        #expect(done.bookID == nil)
        #expect(recognizer.callCount == 1)
    }

    @Test func aRetriedPageIsInsertedInItsPlace() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("a.jpg", answer: .text("一"))
        recognizer.on("b.jpg", answer: .error(.badImage(message: "damaged")), .text("二"))
        recognizer.on("c.jpg", answer: .text("三"))
        let processor = processor(jobs, books, recognizer)
        let pages = [page("a.jpg"), page("b.jpg"), page("c.jpg")]
        let job = try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: pages), for: user)
        await processor.waitUntilIdle()
        let bookID = try #require(try await jobs.job(job.id, of: user).bookID)
        #expect(books.texts(bookID) == ["一", "三"])
        _ = try await processor.retry(pages[1].id, of: job.id, userID: user)
        await processor.waitUntilIdle()
        #expect(books.texts(bookID) == ["一", "二", "三"])
        #expect(try await jobs.job(job.id, of: user).bookPageNumber(of: pages[1].id) == 2)
    }

    @Test func aRetakeReplacesThePhotoAndReadsItAgain() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("blurry.jpg", answer: .text(" "))
        recognizer.on("sharp.png", answer: .text("清楚"))
        let processor = processor(jobs, books, recognizer)
        let original = page("blurry.jpg")
        let job = try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: [original]), for: user)
        await processor.waitUntilIdle()
        #expect(try await jobs.job(job.id, of: user).bookID == nil)
        _ = try await processor.retry(original.id, of: job.id, userID: user, newImage: ("scans/x/sharp.png", .png))
        await processor.waitUntilIdle()
        let done = try await jobs.job(job.id, of: user)
        #expect(done.pages[0].imagePath == "scans/x/sharp.png")
        #expect(books.texts(try #require(done.bookID)) == ["清楚"])
    }

    @Test func aCorrectionChangesTheBookPage() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        recognizer.on("a.jpg", answer: .text("我门是学生"))
        let processor = processor(jobs, books, recognizer)
        let first = page("a.jpg")
        let job = try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: [first]), for: user)
        await processor.waitUntilIdle()
        let corrected = try await processor.correct("我们是学生\r\n", page: first.id, of: job.id, userID: user)
        #expect(corrected.pages[0].isCorrected)
        #expect(books.texts(try #require(corrected.bookID)) == ["我们是学生\n"])
        await #expect(throws: ScanError.emptyCorrection) {
            try await processor.correct(" \n ", page: first.id, of: job.id, userID: user)
        }
        await #expect(throws: ScanError.pageNotFound) {
            try await processor.correct("x", page: UUID(), of: job.id, userID: user)
        }
        await #expect(throws: ScanError.jobNotFound) {
            try await processor.correct("x", page: first.id, of: job.id, userID: UUID())
        }
    }

    @Test func resumeFinishesWhatARestartInterrupted() async throws {
        let (jobs, books, recognizer) = (MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        let job = try await jobs.create(
            ScanJobDraft(title: "书", author: nil, pages: [page("a.jpg"), page("b.jpg")]), for: user, at: Date())
        jobs.interrupt(job.id)
        recognizer.on("a.jpg", answer: .text("一"))
        recognizer.on("b.jpg", answer: .text("二"))
        let processor = processor(jobs, books, recognizer)
        try await processor.resume()
        await processor.waitUntilIdle()
        let done = try await jobs.job(job.id, of: user)
        #expect(books.texts(try #require(done.bookID)) == ["一", "二"])
    }

    @Test func jobsNeedOneToAHundredPages() async throws {
        let processor = processor(MemoryScanJobs(), MemoryBooks(), ScriptedRecognizer())
        await #expect(throws: ScanError.noPages) {
            try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: []), for: user)
        }
        let many = (0...ScanRules.maximumPages).map { page("p\($0).jpg") }
        await #expect(throws: ScanError.tooManyPages(limit: ScanRules.maximumPages)) {
            try await processor.submit(ScanJobDraft(title: "书", author: nil, pages: many), for: user)
        }
    }
}
