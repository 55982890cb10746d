import Foundation
import Reading
import Vapor

extension Request {
    /// The `bookID` path parameter; a malformed identifier is a book that does not exist.
    func bookIDParameter() throws -> UUID {
        guard let text = parameters.get("bookID"), let id = UUID(uuidString: text) else {
            throw ReadingError.bookNotFound
        }
        return id
    }

    /// The `sessionID` path parameter; a malformed identifier is a session that does not exist.
    func sessionIDParameter() throws -> UUID {
        guard let text = parameters.get("sessionID"), let id = UUID(uuidString: text) else {
            throw ReadingError.sessionNotFound
        }
        return id
    }

    /// The `page` path parameter: a page number from 1.
    func pageParameter() throws -> Int {
        guard let text = parameters.get("page"), let number = Int(text) else {
            throw Abort(.badRequest, reason: "The page must be a whole number from 1.")
        }
        return number
    }
}
