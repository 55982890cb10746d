import Foundation
import UmbrellaAPI
import Vapor

/// Serves the OpenAPI document and the health check.
struct OpenAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.openAPI.pathComponents, use: document)
        routes.get(APIRoute.health.pathComponents, use: health)
    }

    @Sendable func document(req: Request) async throws -> Response {
        let path = req.application.umbrellaConfiguration.publicDirectory.appendingPathComponent("openapi.json").path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Abort(.notFound, reason: "The OpenAPI document is missing from the public directory.")
        }
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: data))
    }

    struct Health: Content {
        /// `ok` when everything works, `degraded` when OCR is unavailable (reading still works).
        var status: String
        var database: String
        var ocr: OCRHealth
        var languageData: [String: String]

        enum CodingKeys: String, CodingKey {
            case status, database, ocr
            case languageData = "language_data"
        }
    }

    /// Seed 002's engine report: which OCR engine, its versions and models, or why it is unavailable.
    struct OCRHealth: Content {
        var available: Bool
        var engine: String?
        var engineVersion: String?
        var onnxRuntimeVersion: String?
        var models: [String: String]?
        var preprocessing: [String]?
        var message: String?

        enum CodingKeys: String, CodingKey {
            case available, engine, models, preprocessing, message
            case engineVersion = "engine_version"
            case onnxRuntimeVersion = "onnxruntime_version"
        }
    }

    /// The packages the bundled data came from, read off `Data/NOTICE` (`Package:   name version (url)`).
    static func bundledPackages(notice directory: URL) -> [(String, String)] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("NOTICE"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("Package:") else { return nil }
            let words = line.dropFirst("Package:".count).split(separator: " ")
            guard words.count >= 2 else { return nil }
            return (String(words[0]), String(words[1]).trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        }
    }

    /// The database answers, the OCR engine's state and versions, and the language data in use.
    @Sendable func health(req: Request) async throws -> Health {
        _ = try await req.books.books(of: req.userID).count
        var ocr = OCRHealth(available: false)
        do {
            let info = try await req.application.ocr.engineInfo()
            ocr = OCRHealth(
                available: true, engine: info.engine, engineVersion: info.engineVersion,
                onnxRuntimeVersion: info.onnxRuntimeVersion, models: info.models, preprocessing: info.pagePreprocessing)
        } catch {
            ocr.message = error.description
        }
        var languageData = ocr.models ?? [:]
        for (name, version) in Self.bundledPackages(notice: req.textEngine.dataDirectory) {
            languageData[name] = version
        }
        return Health(
            status: ocr.available ? "ok" : "degraded",
            database: req.application.umbrellaConfiguration.databaseURL == nil ? "sqlite" : "postgres", ocr: ocr,
            languageData: languageData)
    }
}
