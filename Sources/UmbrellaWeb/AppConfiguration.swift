public import Foundation
public import OCRWorker

/// Everything the server reads from its environment, decoded in one place. `.env.example` lists
/// every variable.
public struct AppConfiguration: Sendable, Equatable {
    /// `UMBRELLA_HOST` (default 127.0.0.1).
    public var host: String
    /// `PORT` or `UMBRELLA_PORT` (default 8080).
    public var port: Int
    /// `UMBRELLA_DATA_PATH`: where the SQLite file and uploads live (default `./data`).
    public var dataDirectory: URL
    /// `DATABASE_URL`: a `postgres://` URL; when unset the app uses SQLite in the data directory.
    public var databaseURL: String?
    /// `DATABASE_SCHEMA`: the PostgreSQL schema to keep the tables in (default: the server's search path).
    public var databaseSchema: String?
    /// `UMBRELLA_PUBLIC_DIR`: the static files (default `Public/` under the working directory).
    public var publicDirectory: URL
    /// `UMBRELLA_MAX_UPLOAD_MB`: the largest upload accepted (default 20).
    public var maximumUploadBytes: Int
    /// `UMBRELLA_SESSION_TIMEOUT_MINUTES`: inactivity that ends a reading session (default 10).
    public var sessionTimeout: TimeInterval
    /// `UMBRELLA_SEED_STARTER_LIBRARY`: put the graded readers in a new library (default true).
    public var seedStarterLibrary: Bool
    /// `UMBRELLA_ALLOWED_HOSTS`: extra host names the server answers to (comma-separated; `*` for any).
    public var allowedHosts: [String]
    /// The OCR worker: `UMBRELLA_OCR_PYTHON`, `UMBRELLA_OCR_WORKER`, `UMBRELLA_OCR_WORKERS`,
    /// `UMBRELLA_OCR_TIMEOUT_SECONDS` (see ``OCRWorkerConfiguration/fromEnvironment(_:searchRoots:)``).
    public var ocrWorker: OCRWorkerConfiguration
    /// `LOG_LEVEL`: trace, debug, info, notice, warning, error, critical (default info).
    public var logLevel: String

    /// Decodes the configuration; a malformed value is an error naming the variable.
    public init(environment: [String: String], workingDirectory: URL) throws {
        func value(_ name: String) -> String? {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                return nil
            }
            return value
        }
        func integer(_ name: String, default defaultValue: Int, range: ClosedRange<Int>) throws -> Int {
            guard let text = value(name) else { return defaultValue }
            guard let number = Int(text), range.contains(number) else {
                throw ConfigurationError(
                    variable: name, message: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        host = value("UMBRELLA_HOST") ?? "127.0.0.1"
        port = try integer(
            value("PORT") != nil ? "PORT" : "UMBRELLA_PORT", default: 8080, range: 0...65535)
        let data = value("UMBRELLA_DATA_PATH") ?? "data"
        dataDirectory = URL(fileURLWithPath: data, relativeTo: workingDirectory).standardizedFileURL
        databaseURL = value("DATABASE_URL")
        if let url = databaseURL, !(url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")) {
            throw ConfigurationError(variable: "DATABASE_URL", message: "must be a postgres:// or postgresql:// URL")
        }
        databaseSchema = value("DATABASE_SCHEMA")
        if let schema = databaseSchema,
            schema.isEmpty || schema.count > 63
                || !schema.unicodeScalars.allSatisfy({
                    $0.properties.isLowercase || ("0"..."9").contains($0) || $0 == "_"
                })
        {
            throw ConfigurationError(variable: "DATABASE_SCHEMA", message: "must be lowercase letters, digits and _")
        }
        let publicPath = value("UMBRELLA_PUBLIC_DIR") ?? "Public"
        publicDirectory = URL(fileURLWithPath: publicPath, relativeTo: workingDirectory).standardizedFileURL
        maximumUploadBytes = try integer("UMBRELLA_MAX_UPLOAD_MB", default: 20, range: 1...200) * 1_048_576
        sessionTimeout = TimeInterval(
            try integer("UMBRELLA_SESSION_TIMEOUT_MINUTES", default: 10, range: 1...1440) * 60)
        switch value("UMBRELLA_SEED_STARTER_LIBRARY")?.lowercased() {
        case nil, "1", "true", "yes": seedStarterLibrary = true
        case "0", "false", "no": seedStarterLibrary = false
        default: throw ConfigurationError(variable: "UMBRELLA_SEED_STARTER_LIBRARY", message: "must be true or false")
        }
        logLevel = value("LOG_LEVEL") ?? "info"
        ocrWorker = OCRWorkerConfiguration.fromEnvironment(
            environment, searchRoots: [workingDirectory] + OCRWorkerConfiguration.defaultSearchRoots())
        allowedHosts = (value("UMBRELLA_ALLOWED_HOSTS") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The SQLite database file used when `databaseURL` is nil.
    public var sqliteFile: URL { dataDirectory.appendingPathComponent("umbrella.sqlite") }
}

/// A configuration variable with a value the app cannot use.
public struct ConfigurationError: Error, CustomStringConvertible {
    /// The environment variable.
    public var variable: String
    /// What is wrong with it.
    public var message: String

    /// A sentence for the operator.
    public var description: String { "\(variable) \(message)." }
}
