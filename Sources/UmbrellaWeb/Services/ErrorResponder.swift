import EPUB
import Foundation
import Reading
import Scanning
import UmbrellaAPI
import Vapor

/// Maps every error to a response in one place: `/api` routes get `{"error", "reason"}`, pages get
/// an HTML error page. Internal errors are logged and shown without their details.
struct ErrorResponder: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let mapped = Self.map(error)
            if mapped.status == .internalServerError {
                request.logger.error("\(request.method) \(request.url.path) failed: \(String(reflecting: error))")
            }
            // Seed 002's serial backend answers JSON too, at the paths its app calls.
            let isAPI =
                request.url.path.hasPrefix("/api/")
                || ["/process-serial", "/params", "/health"].contains(request.url.path)
            let response: Response
            if isAPI {
                response = Response(status: mapped.status)
                try response.content.encode(ErrorDTO(error: mapped.code, reason: mapped.reason), as: .json)
            } else {
                let language = (try? await request.currentSettings().language) ?? .english
                response = ErrorPage(
                    status: mapped.status, reason: mapped.reason, language: language,
                    assetVersion: request.application.assetVersion
                ).response()
            }
            return response
        }
    }

    struct Mapped {
        var status: HTTPResponseStatus
        var code: String
        var reason: String
    }

    static func map(_ error: any Error) -> Mapped {
        switch error {
        case let error as ReadingError:
            switch error {
            case .bookNotFound: return Mapped(status: .notFound, code: "bookNotFound", reason: error.description)
            case .pageOutOfRange: return Mapped(status: .notFound, code: "pageOutOfRange", reason: error.description)
            case .sessionNotFound: return Mapped(status: .notFound, code: "sessionNotFound", reason: error.description)
            case .sessionEnded: return Mapped(status: .conflict, code: "sessionEnded", reason: error.description)
            case .invalidWord: return Mapped(status: .badRequest, code: "invalidWord", reason: error.description)
            case .titleMissing: return Mapped(status: .badRequest, code: "titleMissing", reason: error.description)
            case .titleTooLong: return Mapped(status: .badRequest, code: "titleTooLong", reason: error.description)
            case .authorTooLong: return Mapped(status: .badRequest, code: "authorTooLong", reason: error.description)
            case .emptyText: return Mapped(status: .badRequest, code: "emptyText", reason: error.description)
            case .textTooLong: return Mapped(status: .payloadTooLarge, code: "textTooLong", reason: error.description)
            case .importFailed:
                return Mapped(status: .unprocessableEntity, code: "importFailed", reason: error.description)
            }
        case let error as ImportError:
            switch error {
            case .tooLarge: return Mapped(status: .payloadTooLarge, code: "tooLarge", reason: error.description)
            case .empty: return Mapped(status: .badRequest, code: "emptyFile", reason: error.description)
            case .undecodable, .notText:
                return Mapped(status: .unsupportedMediaType, code: "undecodable", reason: error.description)
            default: return Mapped(status: .unprocessableEntity, code: "importFailed", reason: error.description)
            }
        case let error as EPUBError:
            return Mapped(
                status: .unprocessableEntity, code: error.isSafetyRefusal ? "unsafeArchive" : "invalidEPUB",
                reason: error.description)
        case let error as ForeignRequest:
            if case .unknownHost = error {
                return Mapped(status: .misdirectedRequest, code: "unknownHost", reason: error.description)
            }
            return Mapped(status: .forbidden, code: "crossOrigin", reason: error.description)
        case let error as UploadError:
            return Mapped(status: error.status, code: error.code, reason: error.description)
        case let error as ScanError:
            return map(scan: error)
        case let error as ScanUploadError:
            switch error {
            case .notMultipart:
                return Mapped(status: .unsupportedMediaType, code: "unsupportedMediaType", reason: error.description)
            case .malformed: return Mapped(status: .badRequest, code: "malformedRequest", reason: error.description)
            case .noImage: return Mapped(status: .badRequest, code: "noImage", reason: error.description)
            }
        case let error as ImageInputError:
            return map(image: error, reason: error.description)
        case let error as TextRecognitionError:
            switch error {
            case .unavailable:
                return Mapped(status: .serviceUnavailable, code: "ocrUnavailable", reason: error.description)
            case .badImage:
                return Mapped(status: .unprocessableEntity, code: "unreadableImage", reason: error.description)
            case .timedOut: return Mapped(status: .gatewayTimeout, code: "ocrTimedOut", reason: error.description)
            case .failed: return Mapped(status: .unprocessableEntity, code: "ocrFailed", reason: error.description)
            }
        case let error as DecodingError:
            return Mapped(status: .badRequest, code: "malformedRequest", reason: Self.describe(error))
        case let error as any AbortError:
            if error.status == .payloadTooLarge {
                return Mapped(
                    status: .payloadTooLarge, code: "tooLarge",
                    reason: "The upload is too large. Files and text may be at most the server's upload limit.")
            }
            if error.status == .unprocessableEntity {
                return Mapped(
                    status: .badRequest, code: "malformedRequest",
                    reason: "The request body is empty or could not be read.")
            }
            let generic = error.reason == error.status.reasonPhrase
            return Mapped(
                status: error.status, code: Self.code(for: error.status),
                reason: error.status == .notFound && generic ? "There is nothing at this address." : error.reason)
        default:
            return Mapped(
                status: .internalServerError, code: "internalError",
                reason: "Something went wrong on the server. Nothing was changed; please try again.")
        }
    }

    static func map(scan error: ScanError) -> Mapped {
        switch error {
        case .jobNotFound: Mapped(status: .notFound, code: "scanNotFound", reason: error.description)
        case .pageNotFound: Mapped(status: .notFound, code: "scanPageNotFound", reason: error.description)
        case .noPages: Mapped(status: .badRequest, code: "noPages", reason: error.description)
        case .tooManyPages: Mapped(status: .payloadTooLarge, code: "tooManyPages", reason: error.description)
        case .pageBusy: Mapped(status: .conflict, code: "pageBusy", reason: error.description)
        case .pageNotRead: Mapped(status: .conflict, code: "pageNotRead", reason: error.description)
        case .emptyCorrection: Mapped(status: .badRequest, code: "emptyText", reason: error.description)
        case .badImage(_, let image): map(image: image, reason: error.description)
        }
    }

    static func map(image error: ImageInputError, reason: String) -> Mapped {
        switch error {
        case .empty: Mapped(status: .badRequest, code: "emptyFile", reason: reason)
        case .fileTooLarge, .tooManyPixels: Mapped(status: .payloadTooLarge, code: "imageTooLarge", reason: reason)
        case .unsupportedFormat: Mapped(status: .unsupportedMediaType, code: "unsupportedImage", reason: reason)
        case .unreadable: Mapped(status: .unprocessableEntity, code: "unreadableImage", reason: reason)
        }
    }

    static func code(for status: HTTPResponseStatus) -> String {
        switch status {
        case .notFound: "notFound"
        case .badRequest: "badRequest"
        case .unsupportedMediaType: "unsupportedMediaType"
        case .methodNotAllowed: "methodNotAllowed"
        default: "httpError\(status.code)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "The request is missing “\(key.stringValue)”."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "“\(context.codingPath.map(\.stringValue).joined(separator: "."))” has the wrong type."
        case .dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "The request body is not valid JSON."
                : "“\(context.codingPath.map(\.stringValue).joined(separator: "."))” is not valid."
        @unknown default: "The request could not be read."
        }
    }
}

/// A request problem with its status and API error code (uploads, settings, query parameters).
struct UploadError: Error, CustomStringConvertible {
    var status: HTTPResponseStatus
    var code: String
    var description: String

    static func unsupportedType(_ name: String) -> UploadError {
        UploadError(
            status: .unsupportedMediaType, code: "unsupportedFileType",
            description:
                "“\(name)” is not a .txt or .epub file. Upload plain text (UTF-8, UTF-16 or GB18030) or an EPUB.")
    }

    static let malformedForm = UploadError(
        status: .badRequest, code: "malformedRequest",
        description: "The upload could not be read. Send a form with a title and a text field or a file.")

    static let multipartNotAccepted = UploadError(
        status: .unsupportedMediaType, code: "unsupportedMediaType",
        description: "Only the upload routes accept multipart/form-data; send JSON or a URL-encoded form.")

    static let tooManyChanges = UploadError(
        status: .payloadTooLarge, code: "tooManyChanges", description: "Send at most 1,000 changes per batch.")

    static func invalidSettings(_ reason: String) -> UploadError {
        UploadError(status: .badRequest, code: "invalidSettings", description: reason)
    }

    static let missingInput = UploadError(
        status: .badRequest, code: "emptyText", description: "Paste some text or choose a .txt or .epub file.")

    static func invalidQuery(_ reason: String) -> UploadError {
        UploadError(status: .badRequest, code: "invalidQuery", description: reason)
    }

    static let tooManyWords = UploadError(
        status: .payloadTooLarge, code: "tooManyWords",
        description: "Too many marked words: send at most 5,000 (the passage has far fewer).")
}
