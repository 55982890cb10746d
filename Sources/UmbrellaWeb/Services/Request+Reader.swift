import ChineseText
import Foundation
import Reading
import Vapor

extension Application {
    private struct ReaderCacheKey: StorageKey { typealias Value = ReaderCache }

    /// The in-memory cache of pages, settings and marks (see `ReaderCache`).
    var readerCache: ReaderCache {
        get {
            if let cache = storage[ReaderCacheKey.self] { return cache }
            let cache = ReaderCache()
            storage[ReaderCacheKey.self] = cache
            return cache
        }
        set { storage[ReaderCacheKey.self] = newValue }
    }
}

extension Request {
    /// The user's settings, from the cache when loaded.
    func currentSettings() async throws -> ReaderSettings {
        if let settings = application.readerCache.settings(of: userID) { return settings }
        let settings = try await readerSettings.settings(for: userID)
        application.readerCache.store(settings, of: userID)
        return settings
    }

    /// Saves the user's settings and updates the cache.
    func saveSettings(_ settings: ReaderSettings) async throws {
        try await serialized {
            try await readerSettings.save(settings, for: userID)
            application.readerCache.store(settings, of: userID)
        }
    }

    /// Which of `words` the user has marked now.
    func markedWords(among words: some Sequence<String>) async throws -> Set<String> {
        let cache = application.readerCache
        let (cached, version) = cache.markedWords(of: userID)
        if let cached { return cached.intersection(words) }
        let all = Set(try await wordMarks.marks(for: userID).filter(\.isMarked).map(\.word))
        cache.store(markedWords: all, of: userID, loadedAt: version)
        return all.intersection(words)
    }

    /// Applies a mark or unmark (committed before this returns) and updates the cache.
    func apply(_ change: MarkChange) async throws -> (WordMark?, MarkChangeOutcome) {
        try await serialized {
            let result = try await wordMarks.apply(change, for: userID, at: now)
            if let mark = result.0 {
                application.readerCache.update(word: mark.word, marked: mark.isMarked, of: userID)
            }
            return result
        }
    }

    /// Owner and page count of one of the user's books, or `ReadingError.bookNotFound`.
    func bookInfo(_ bookID: UUID) async throws -> ReaderCache.BookInfo {
        if let info = application.readerCache.book(bookID) {
            guard info.ownerID == userID else { throw ReadingError.bookNotFound }
            return info
        }
        let book = try await books.book(bookID, of: userID)
        let info = ReaderCache.BookInfo(ownerID: book.ownerID, pageCount: book.pageCount)
        application.readerCache.store(info, for: bookID)
        return info
    }

    /// A page with its segmentation and readings in `standard`, annotated once and then cached.
    func annotatedPage(
        _ number: Int, of bookID: UUID, standard: HSKStandard
    ) async throws
        -> (pageCount: Int, page: ReaderCache.CachedPage)
    {
        let info = try await bookInfo(bookID)
        guard info.pageCount > 0, (1...info.pageCount).contains(number) else {
            throw ReadingError.pageOutOfRange(page: number, pageCount: info.pageCount)
        }
        let key = ReaderCache.PageKey(bookID: bookID, number: number, standard: standard)
        if let cached = application.readerCache.page(key) { return (info.pageCount, cached) }
        guard let page = try await books.pages(number...number, of: bookID, userID: userID).first else {
            throw ReadingError.pageOutOfRange(page: number, pageCount: info.pageCount)
        }
        let annotated = textEngine.annotator.annotate(page.text, standard: standard)
        let cached = ReaderCache.CachedPage(page: page, annotated: annotated, words: annotated.words)
        application.readerCache.store(cached, for: key)
        return (info.pageCount, cached)
    }
}
