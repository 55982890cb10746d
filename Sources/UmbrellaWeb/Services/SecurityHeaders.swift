import Vapor

/// Adds headers that keep pages from being framed, sniffed or leaking their address, to every
/// response, errors included (it runs outside `ErrorResponder`).
struct SecurityHeaders: AsyncMiddleware {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
        + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
        return response
    }
}

/// Refuses requests for a host name the server does not answer to (DNS rebinding: another site's
/// page reaching a server on localhost under the attacker's name) and state-changing requests
/// that another site's page sent (cross-site forms and fetches).
///
/// The server has no accounts, so without this any page a learner visits could read or change
/// their library. Allowed host names: loopback names, the configured host, and
/// `UMBRELLA_ALLOWED_HOSTS`; a server listening on all interfaces without that list answers to any.
struct RequestOriginCheck: AsyncMiddleware {
    /// Lowercased host names (without port) accepted in `Host`; nil accepts any.
    var allowedHosts: Set<String>?

    init(configuration: AppConfiguration) {
        let wildcard = ["0.0.0.0", "::", "[::]"].contains(configuration.host)
        if configuration.allowedHosts.contains("*") || (wildcard && configuration.allowedHosts.isEmpty) {
            allowedHosts = nil
        } else {
            allowedHosts = Set(["localhost", "127.0.0.1", "::1", "[::1]", configuration.host.lowercased()])
                .union(configuration.allowedHosts.map { $0.lowercased() })
        }
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let allowedHosts, let host = request.headers.first(name: .host),
            !allowedHosts.contains(Self.hostName(of: host))
        {
            throw ForeignRequest.unknownHost(Self.hostName(of: host))
        }
        if ![.GET, .HEAD, .OPTIONS].contains(request.method), Self.isCrossSite(request) {
            throw ForeignRequest.crossSite
        }
        return try await next.respond(to: request)
    }

    /// `example.org:8080` → `example.org`; `[::1]:8080` → `[::1]`.
    static func hostName(of host: String) -> String {
        let host = host.lowercased()
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") { return String(host[...end]) }
        return String(host.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// Whether the browser says (Sec-Fetch-Site) or the Origin shows that another site sent it.
    static func isCrossSite(_ request: Request) -> Bool {
        if let site = request.headers.first(name: "Sec-Fetch-Site") {
            return site == "cross-site" || site == "same-site"
        }
        guard let origin = request.headers.first(name: .origin) else { return false }
        return !isSameOrigin(origin, host: request.headers.first(name: .host))
            && !isSameOrigin(origin, host: request.headers.first(name: "X-Forwarded-Host"))
    }

    /// Whether `origin` (`http://host:port`) names `host` (`host:port`).
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }
}

/// A request the server refuses because of where it came from.
enum ForeignRequest: Error, CustomStringConvertible {
    case crossSite
    case unknownHost(String)

    var description: String {
        switch self {
        case .crossSite: "Requests from other websites are not accepted."
        case .unknownHost(let host):
            "This server does not answer to “\(host)”. Add it to UMBRELLA_ALLOWED_HOSTS to allow it."
        }
    }
}

/// Refuses multipart bodies everywhere but the upload routes (books, scans, serial photos), and there a boundary that is
/// missing, empty or longer than RFC 2046's 70 characters, before any route decodes the body:
/// MultipartKit 4.7 crashes the whole process on an empty boundary (found by fuzzing the API). The
/// upload routes check the body's structure too (`MultipartStructure`) once it is collected.
struct MultipartBoundaryCheck: AsyncMiddleware {
    static let uploadPaths: Set<String> = [
        "/api/v1/books/upload", "/books", "/api/v1/scans", "/scan", "/process-serial", "/serial",
    ]

    /// Whether `method path` is a route that takes a multipart body.
    static func acceptsMultipart(_ method: HTTPMethod, _ path: String) -> Bool {
        if method == .POST, uploadPaths.contains(path) { return true }
        let parts = path.split(separator: "/")
        // POST /scans/{jobID}/pages/{pageID}/retake: a retake from the job page.
        if method == .POST, parts.count == 5, parts[0] == "scans", parts[2] == "pages", parts[4] == "retake" {
            return true
        }
        // PUT /api/v1/scans/{jobID}/pages/{pageID}/image: a retake.
        return method == .PUT && parts.count == 7 && parts[0] == "api" && parts[2] == "scans" && parts[4] == "pages"
            && parts[6] == "image"
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let type = request.headers.contentType, type.type.lowercased() == "multipart" {
            guard Self.acceptsMultipart(request.method, request.url.path) else {
                throw UploadError.multipartNotAccepted
            }
            guard let boundary = type.parameters["boundary"], (1...70).contains(boundary.count) else {
                throw UploadError.malformedForm
            }
        }
        return try await next.respond(to: request)
    }
}

extension Request {
    /// Whether the body is multipart and malformed in a way MultipartKit must not see.
    var hasMalformedMultipartBody: Bool {
        guard let type = headers.contentType, type.type.lowercased() == "multipart" else { return false }
        guard let boundary = type.parameters["boundary"], let body = body.data else { return true }
        return !MultipartStructure.isWellFormed(body, boundary: boundary)
    }
}
