public import ChineseText
import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
public import Foundation
import Reading
import UmbrellaAPI
import UmbrellaStorage
public import Vapor

/// Sets up the app: database (SQLite file, or PostgreSQL when `DATABASE_URL` is set), migrations,
/// the local user, the starter library, middleware and routes.
public func configure(
    _ app: Application, configuration: AppConfiguration, resources: ChineseTextResources, dataDirectory: URL
) async throws {
    app.umbrellaConfiguration = configuration
    app.textEngine = TextEngine(resources: resources, dataDirectory: dataDirectory)
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    app.http.server.configuration.responseCompression = .enabled
    // JSON bodies are small; the routes that take books raise this to the upload limit.
    app.routes.defaultMaxBodySize = "1mb"

    if let url = configuration.databaseURL {
        var postgres = try SQLPostgresConfiguration(url: url)
        if let schema = configuration.databaseSchema { postgres.searchPath = [schema] }
        app.databases.use(.postgres(configuration: postgres), as: .psql)
        if let schema = configuration.databaseSchema, let sql = app.db as? any SQLDatabase {
            try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
        }
    } else {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        app.databases.use(.sqlite(.file(configuration.sqliteFile.path)), as: .sqlite)
        app.sqliteEventLoop = app.eventLoopGroup.next()
    }
    app.migrations.add(UmbrellaMigrations.all)
    try await app.autoMigrate()
    if configuration.databaseURL == nil, let sql = app.database(logger: app.logger) as? any SQLDatabase {
        // WAL lets readers run while a mark commits; FULL sync keeps every acknowledged write.
        try await sql.raw("PRAGMA journal_mode=WAL").run()
        try await sql.raw("PRAGMA synchronous=FULL").run()
        try await sql.raw("PRAGMA busy_timeout=5000").run()
    }

    let user = try await FluentUserRepository(database: app.database(logger: app.logger)).localUser()
    app.localUser = user
    if configuration.seedStarterLibrary {
        try await seedStarterLibrary(app, user: user, resources: resources)
    }
    app.assetVersion = assetVersion(of: configuration.publicDirectory)
    app.placementPassages = PlacementPassages()
    try await app.startScanning()

    app.middleware = Middlewares()
    app.middleware.use(SecurityHeaders())
    app.middleware.use(ErrorResponder())
    app.middleware.use(RequestOriginCheck(configuration: configuration))
    app.middleware.use(MultipartBoundaryCheck())
    app.middleware.use(
        FileMiddleware(publicDirectory: configuration.publicDirectory.path + "/", defaultFile: nil))
    try routes(app)
}

func routes(_ app: Application) throws {
    let limit = app.umbrellaConfiguration.maximumUploadBytes
    try app.register(collection: LibraryController(maximumUploadBytes: limit))
    try app.register(collection: ReaderController())
    try app.register(collection: SettingsController())
    try app.register(collection: BooksAPIController(maximumUploadBytes: limit))
    try app.register(collection: LookupAPIController())
    try app.register(collection: MarksAPIController())
    try app.register(collection: SessionsAPIController())
    try app.register(collection: SettingsAPIController())
    try app.register(collection: ProficiencyAPIController())
    try app.register(collection: WordsAPIController())
    try app.register(collection: PlacementAPIController())
    try app.register(collection: PlacementController())
    try app.register(collection: ProgressController())
    try app.register(collection: ScansAPIController())
    try app.register(collection: ScanController())
    try app.register(collection: SerialAPIController())
    try app.register(collection: OpenAPIController())
}

/// Puts the graded readers into the local user's library, once: deleting them later does not bring
/// them back. (A library from before the flag existed that already has them only gets the flag.)
func seedStarterLibrary(_ app: Application, user: LocalUser, resources: ChineseTextResources) async throws {
    guard user.starterLibrarySeededAt == nil else { return }
    let database = app.database(logger: app.logger)
    let books = FluentBookRepository(database: database)
    let start = app.now()
    if try await !books.books(of: user.id).contains(where: { $0.source == .starter }) {
        for (index, draft) in StarterLibrary.books(from: resources.examples.all).enumerated() {
            // Later readers get later dates so the library lists them in order.
            _ = try await books.add(draft, for: user.id, at: start.addingTimeInterval(Double(index) / 1000))
        }
    }
    try await FluentUserRepository(database: database).markStarterLibrarySeeded(for: user.id, at: start)
}

/// A short hash of the static files, for cache-busting asset URLs.
func assetVersion(of publicDirectory: URL) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let scripts =
        (try? FileManager.default.contentsOfDirectory(atPath: publicDirectory.appendingPathComponent("js").path))
        ?? []
    for path in ["css/app.css"] + scripts.sorted().map({ "js/\($0)" }) {
        guard let data = FileManager.default.contents(atPath: publicDirectory.appendingPathComponent(path).path) else {
            continue
        }
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
    }
    return String(hash, radix: 36)
}
