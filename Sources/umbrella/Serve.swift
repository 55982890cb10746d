import ArgumentParser
import ChineseText
import Foundation
import UmbrellaWeb

/// `umbrella serve`: the web app.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the reading app (SQLite in ./data by default; PostgreSQL when DATABASE_URL is set).",
        discussion: "Every setting comes from the environment; see .env.example. Options override it.")

    @Option(help: "The address to listen on (default UMBRELLA_HOST or 127.0.0.1).")
    var host: String?

    @Option(help: "The port to listen on (default PORT or 8080).")
    var port: Int?

    func run() async throws {
        var environment = ProcessInfo.processInfo.environment
        if let host { environment["UMBRELLA_HOST"] = host }
        if let port { environment["PORT"] = String(port) }
        let configuration: AppConfiguration
        do {
            configuration = try AppConfiguration(
                environment: environment,
                workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        } catch {
            throw ValidationError("\(error)")
        }
        let dataDirectory = try ChineseTextResources.dataDirectoryForCommandLine()
        let resources = try ChineseTextResources.load(from: dataDirectory)
        try await UmbrellaServer.run(configuration: configuration, resources: resources, dataDirectory: dataDirectory)
    }
}
