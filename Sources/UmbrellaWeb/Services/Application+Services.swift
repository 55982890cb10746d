import ChineseText
import Fluent
import Foundation
import Reading
import UmbrellaStorage
import Vapor

/// The text engine the app reads with, loaded once.
struct TextEngine: Sendable {
    let resources: ChineseTextResources
    let dictionary: LearnerDictionary
    let annotator: PageAnnotator
    /// The data directory the resources came from (its NOTICE is shown on the About page).
    let dataDirectory: URL

    init(resources: ChineseTextResources, dataDirectory: URL) {
        self.resources = resources
        self.dataDirectory = dataDirectory
        dictionary = LearnerDictionary(resources: resources)
        annotator = PageAnnotator(resources: resources)
    }
}

extension Application {
    private struct TextEngineKey: StorageKey { typealias Value = TextEngine }
    private struct ConfigurationKey: StorageKey { typealias Value = AppConfiguration }
    private struct LocalUserKey: StorageKey { typealias Value = LocalUser }
    private struct ClockKey: StorageKey { typealias Value = @Sendable () -> Date }
    private struct AssetVersionKey: StorageKey { typealias Value = String }
    private struct WriteLockKey: StorageKey { typealias Value = WriteLock }
    private struct SQLiteLoopKey: StorageKey { typealias Value = any EventLoop }

    /// The lexicon, segmenter and annotator.
    var textEngine: TextEngine {
        get {
            guard let engine = storage[TextEngineKey.self] else { fatalError("configure(_:) sets the text engine") }
            return engine
        }
        set { storage[TextEngineKey.self] = newValue }
    }

    /// The configuration the app was started with.
    var umbrellaConfiguration: AppConfiguration {
        get {
            guard let configuration = storage[ConfigurationKey.self] else {
                fatalError("configure(_:) sets the configuration")
            }
            return configuration
        }
        set { storage[ConfigurationKey.self] = newValue }
    }

    /// The anonymous local user every record belongs to.
    var localUser: LocalUser {
        get {
            guard let user = storage[LocalUserKey.self] else { fatalError("configure(_:) sets the local user") }
            return user
        }
        set { storage[LocalUserKey.self] = newValue }
    }

    /// The clock; tests replace it.
    var now: @Sendable () -> Date {
        get { storage[ClockKey.self] ?? { Date() } }
        set { storage[ClockKey.self] = newValue }
    }

    /// Serialises every write (see `WriteLock`).
    var writeLock: WriteLock {
        if let lock = storage[WriteLockKey.self] { return lock }
        let lock = WriteLock()
        storage[WriteLockKey.self] = lock
        return lock
    }

    /// With SQLite, the one event loop whose connection every query uses; nil with PostgreSQL.
    var sqliteEventLoop: (any EventLoop)? {
        get { storage[SQLiteLoopKey.self] }
        set { storage[SQLiteLoopKey.self] = newValue }
    }

    /// The database repositories use: with SQLite always the same single connection (SQLite allows
    /// one writer; a second connection's write fails as "database is locked"), with PostgreSQL the pool.
    func database(logger: Logger) -> any Database {
        if let loop = sqliteEventLoop, let database = databases.database(logger: logger, on: loop) {
            return database
        }
        return db
    }

    /// A version string for asset URLs, so browsers fetch new CSS and JavaScript after an upgrade.
    var assetVersion: String {
        get { storage[AssetVersionKey.self] ?? "1" }
        set { storage[AssetVersionKey.self] = newValue }
    }
}

extension Request {
    var database: any Database { application.database(logger: logger) }
    var books: any BookRepository { FluentBookRepository(database: database) }
    var wordMarks: any WordMarkRepository { FluentWordMarkRepository(database: database) }
    var readingSessions: any ReadingSessionRepository { FluentReadingSessionRepository(database: database) }
    var readerSettings: any ReaderSettingsRepository { FluentReaderSettingsRepository(database: database) }

    /// Runs a write (and the cache updates that follow it) while holding the app's write lock.
    func serialized<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await application.writeLock.withLock(body)
    }
    var textEngine: TextEngine { application.textEngine }
    var userID: UUID { application.localUser.id }
    var now: Date { application.now() }
    var sessionPolicy: ReadingSessionPolicy {
        ReadingSessionPolicy(inactivityTimeout: application.umbrellaConfiguration.sessionTimeout)
    }
}
