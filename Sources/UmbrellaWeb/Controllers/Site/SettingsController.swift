import ChineseText
import Reading
import Vapor

/// The settings form.
struct SettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("settings", use: show)
        routes.post("settings", use: save)
    }

    @Sendable func show(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        let returnPath = Self.safeReturnPath(try? req.query.get(String.self, at: "return"))
        let saved = (try? req.query.get(String.self, at: "saved")) != nil
        return SettingsPage(
            settings: settings, assetVersion: req.application.assetVersion, returnPath: returnPath, saved: saved
        ).html.response()
    }

    struct Form: Content {
        var fontSize: Int?
        var pinyin: String?
        var toneColors: String?
        var theme: String?
        var language: String?
        var level: Int?
        var standard: String?
        var `return`: String?
    }

    @Sendable func save(req: Request) async throws -> Response {
        let form = try req.content.decode(Form.self)
        let current = try await req.currentSettings()
        let settings = ReaderSettings(
            fontSize: form.fontSize ?? current.fontSize,
            pinyin: form.pinyin.flatMap(ReaderSettings.PinyinDisplay.init(rawValue:)) ?? current.pinyin,
            toneColors: form.toneColors == "on",
            theme: form.theme.flatMap(ReaderSettings.Theme.init(rawValue:)) ?? current.theme,
            language: form.language.flatMap(InterfaceLanguage.init(rawValue:)) ?? current.language,
            level: form.level ?? current.level,
            standard: form.standard.flatMap(HSKStandard.init(rawValue:)) ?? current.standard)
        try await req.saveSettings(settings)
        if let back = Self.safeReturnPath(form.return) {
            return req.redirect(to: back, redirectType: .normal)
        }
        return req.redirect(to: "/settings?saved=1", redirectType: .normal)
    }

    /// A same-site path to go back to, or nil (no open redirects).
    static func safeReturnPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            path.count < 200, path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return path
    }
}
