import ChineseText
import Foundation
import Reading
import Synchronization

/// What the reader serves over and over, kept in memory: each page's segmentation and readings
/// (pages never change once stored), each user's settings and currently marked words.
///
/// One server process owns its database, so the cache is updated on every write it makes
/// (write-through) and never serves stale marks. Pages are evicted least recently used.
final class ReaderCache: Sendable {
    struct PageKey: Hashable, Sendable {
        var bookID: UUID
        var number: Int
        var standard: HSKStandard
    }

    struct CachedPage: Sendable {
        var page: BookPage
        var annotated: AnnotatedPage
        /// `annotated.words`, computed once.
        var words: [String]
    }

    struct BookInfo: Sendable {
        var ownerID: UUID
        var pageCount: Int
    }

    /// A page rendered for one user's settings (`variant`) at one version of their marks, so a
    /// cached rendering is found without hashing any of the page's words, and any mark makes the
    /// user's renderings miss.
    struct RenderKey: Hashable, Sendable {
        var userID: UUID
        var page: PageKey
        var variant: String
        var markVersion: Int
    }

    private struct State {
        var pages: RecencyCache<PageKey, CachedPage>
        var rendered: RecencyCache<RenderKey, String>
        var books: [UUID: BookInfo] = [:]
        /// Books deleted while this process runs: a request that read one before the delete must
        /// not put it back.
        var deletedBooks: Set<UUID> = []
        var markVersions: [UUID: Int] = [:]
        var settings: [UUID: ReaderSettings] = [:]
        var marked: [UUID: Set<String>] = [:]
    }

    private let state: Mutex<State>

    /// A cache of at most `pageLimit` annotated pages and half as many renderings.
    init(pageLimit: Int = 1200) {
        state = Mutex(State(pages: RecencyCache(limit: pageLimit), rendered: RecencyCache(limit: pageLimit / 2)))
    }

    func page(_ key: PageKey) -> CachedPage? { state.withLock { $0.pages.value(for: key) } }

    func store(_ page: CachedPage, for key: PageKey) {
        state.withLock { state in
            guard !state.deletedBooks.contains(key.bookID) else { return }
            state.pages.store(page, for: key)
        }
    }

    func rendered(_ key: RenderKey) -> String? { state.withLock { $0.rendered.value(for: key) } }

    func store(rendered text: String, for key: RenderKey) {
        state.withLock { state in
            guard !state.deletedBooks.contains(key.page.bookID) else { return }
            state.rendered.store(text, for: key)
        }
    }

    func book(_ bookID: UUID) -> BookInfo? { state.withLock { $0.books[bookID] } }

    func store(_ info: BookInfo, for bookID: UUID) {
        state.withLock { state in
            guard !state.deletedBooks.contains(bookID) else { return }
            state.books[bookID] = info
        }
    }

    /// Forgets a deleted book and its pages.
    func removeBook(_ bookID: UUID) {
        state.withLock { state in
            state.deletedBooks.insert(bookID)
            state.books[bookID] = nil
            state.pages.removeAll { $0.bookID == bookID }
            state.rendered.removeAll { $0.page.bookID == bookID }
        }
    }

    func settings(of userID: UUID) -> ReaderSettings? { state.withLock { $0.settings[userID] } }

    func store(_ settings: ReaderSettings, of userID: UUID) { state.withLock { $0.settings[userID] = settings } }

    /// The user's marked words if loaded, and the version to pass to `store(markedWords:…)` otherwise.
    func markedWords(of userID: UUID) -> (words: Set<String>?, version: Int) {
        state.withLock { ($0.marked[userID], $0.markVersions[userID, default: 0]) }
    }

    /// The version of the user's marks: it changes with every committed mark or unmark.
    func markVersion(of userID: UUID) -> Int { state.withLock { $0.markVersions[userID, default: 0] } }

    /// Keeps marks loaded from the database, unless a mark changed since the load began (`version`).
    func store(markedWords: Set<String>, of userID: UUID, loadedAt version: Int) {
        state.withLock { state in
            guard state.markVersions[userID, default: 0] == version else { return }
            state.marked[userID] = markedWords
        }
    }

    /// Records a committed mark or unmark.
    func update(word: String, marked: Bool, of userID: UUID) {
        state.withLock { state in
            state.markVersions[userID, default: 0] += 1
            guard state.marked[userID] != nil else { return }
            if marked { state.marked[userID]?.insert(word) } else { state.marked[userID]?.remove(word) }
        }
    }
}
