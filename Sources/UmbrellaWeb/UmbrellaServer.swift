public import ChineseText
public import Foundation
import Vapor

/// Runs the web app until the process is asked to stop (SIGINT or SIGTERM).
public enum UmbrellaServer {
    /// Starts the server with `configuration`, reading with `resources` (loaded from `dataDirectory`).
    public static func run(
        configuration: AppConfiguration, resources: ChineseTextResources, dataDirectory: URL
    ) async throws {
        var environment = Environment(
            name: "production",
            arguments: ["umbrella", "serve", "--hostname", configuration.host, "--port", String(configuration.port)])
        let level = Logger.Level(rawValue: configuration.logLevel) ?? .info
        try LoggingSystem.bootstrap(from: &environment) { _ in
            { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        }
        let app = try await Application.make(environment)
        do {
            try await configure(app, configuration: configuration, resources: resources, dataDirectory: dataDirectory)
            try await app.execute()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
