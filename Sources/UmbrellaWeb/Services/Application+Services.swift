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

    /// A version string for asset URLs, so browsers fetch new CSS and JavaScript after an upgrade.
    var assetVersion: String {
        get { storage[AssetVersionKey.self] ?? "1" }
        set { storage[AssetVersionKey.self] = newValue }
    }
}

extension Request {
    var books: any BookRepository { FluentBookRepository(database: db) }
    var wordMarks: any WordMarkRepository { FluentWordMarkRepository(database: db) }
    var readingSessions: any ReadingSessionRepository { FluentReadingSessionRepository(database: db) }
    var readerSettings: any ReaderSettingsRepository { FluentReaderSettingsRepository(database: db) }
    var textEngine: TextEngine { application.textEngine }
    var userID: UUID { application.localUser.id }
    var now: Date { application.now() }
    var sessionPolicy: ReadingSessionPolicy {
        ReadingSessionPolicy(inactivityTimeout: application.umbrellaConfiguration.sessionTimeout)
    }
}
