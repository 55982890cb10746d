import Foundation
import Reading
import Vapor

/// The library, adding and deleting books, and the about page.
struct LibraryController: RouteCollection {
    var maximumUploadBytes: Int

    func boot(routes: any RoutesBuilder) throws {
        routes.get(use: library)
        routes.get("books", "new", use: newBook)
        routes.on(.POST, "books", body: .collect(maxSize: ByteCount(value: maximumUploadBytes)), use: addBook)
        routes.post("books", ":bookID", "delete", use: deleteBook)
        routes.get("about", use: about)
    }

    @Sendable func library(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        let kept = try? req.query.get(Int.self, at: "deleted")
        return LibraryPage(
            books: try await req.books.books(of: req.userID), settings: settings,
            assetVersion: req.application.assetVersion, deletedKeptMarks: kept,
            offerPlacement: try await req.placementAnswers.latestAnswer(for: req.userID) == nil
        ).html.response()
    }

    @Sendable func newBook(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        return AddBookPage(settings: settings, assetVersion: req.application.assetVersion).html.response()
    }

    @Sendable func addBook(req: Request) async throws -> Response {
        do {
            let book = try await BooksAPIController.importUpload(req)
            return req.redirect(to: "/books/\(book.id.uuidString)", redirectType: .normal)
        } catch {
            // Show the form again with the message and what the learner typed.
            let mapped = ErrorResponder.map(error)
            guard mapped.status != .internalServerError else { throw error }
            let form =
                req.hasMalformedMultipartBody ? nil : try? req.content.decode(BooksAPIController.UploadForm.self)
            let settings = try await req.currentSettings()
            return AddBookPage(
                settings: settings, assetVersion: req.application.assetVersion, error: mapped.reason,
                title: form?.title ?? "", author: form?.author ?? "", text: form?.text ?? ""
            ).html.response(status: mapped.status)
        }
    }

    @Sendable func deleteBook(req: Request) async throws -> Response {
        let bookID = try req.bookIDParameter()
        let kept = try await req.serialized {
            let kept = try await req.books.delete(bookID, of: req.userID)
            req.application.readerCache.removeBook(bookID)
            return kept
        }
        return req.redirect(to: "/?deleted=\(kept)", redirectType: .normal)
    }

    @Sendable func about(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        let noticeURL = req.textEngine.dataDirectory.appendingPathComponent("NOTICE")
        let notice = (try? String(contentsOf: noticeURL, encoding: .utf8)) ?? ""
        return AboutPage(notice: notice, settings: settings, assetVersion: req.application.assetVersion).html
            .response()
    }
}
