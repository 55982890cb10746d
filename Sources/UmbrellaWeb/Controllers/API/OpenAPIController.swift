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
        var status: String
        var database: String
    }

    @Sendable func health(req: Request) async throws -> Health {
        _ = try await req.books.books(of: req.userID).count
        return Health(
            status: "ok", database: req.application.umbrellaConfiguration.databaseURL == nil ? "sqlite" : "postgres")
    }
}
