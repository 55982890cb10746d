import Vapor

/// Refuses state-changing requests that another site's page sent (a form or fetch from a
/// different origin), and adds headers that keep pages from being framed or sniffed.
///
/// The server listens on localhost or a LAN without accounts, so any page a learner visits could
/// otherwise post to it. Requests without an `Origin` header (curl, the app's own forms in older
/// browsers) pass. Behind a reverse proxy, `X-Forwarded-Host` counts as the host too.
struct SecurityHeaders: AsyncMiddleware {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
        + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if ![.GET, .HEAD, .OPTIONS].contains(request.method), let origin = request.headers.first(name: .origin),
            !Self.isSameOrigin(origin, host: request.headers.first(name: .host)),
            !Self.isSameOrigin(origin, host: request.headers.first(name: "X-Forwarded-Host"))
        {
            throw CrossOriginRequest()
        }
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
        return response
    }

    /// Whether `origin` (`http://host:port`) names the host the request was sent to.
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }
}

/// A state-changing request from another site's page.
struct CrossOriginRequest: Error, CustomStringConvertible {
    var description: String { "Requests from other websites are not accepted." }
}
