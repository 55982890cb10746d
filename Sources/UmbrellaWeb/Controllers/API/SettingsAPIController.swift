import Reading
import UmbrellaAPI
import Vapor

/// The reader settings as JSON.
struct SettingsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.settings.pathComponents, use: show)
        routes.put(APIRoute.settings.pathComponents, use: update)
    }

    @Sendable func show(req: Request) async throws -> ReaderSettings {
        try await req.currentSettings()
    }

    @Sendable func update(req: Request) async throws -> ReaderSettings {
        let body = try req.content.decode(ReaderSettings.self)
        guard ReaderSettings.allowedFontSizes.contains(body.fontSize) else {
            throw UploadError.invalidSettings("fontSize must be one of 14, 16, 18 or 20.")
        }
        guard (1...6).contains(body.level) else { throw UploadError.invalidSettings("level must be from 1 to 6.") }
        try await req.saveSettings(body)
        return body
    }
}
