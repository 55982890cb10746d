public import FluentKit
import Foundation
public import Reading

/// Books and pages in a Fluent database (SQLite or PostgreSQL).
public struct FluentBookRepository: BookRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``BookRepository/books(of:)``.
    public func books(of userID: UUID) async throws -> [Book] {
        try await BookModel.query(on: database)
            .filter(\.$userID == userID)
            .sort(\.$updatedAt, .descending)
            .sort(\.$createdAt, .ascending)
            .all()
            .map { try $0.domain() }
    }

    /// See ``BookRepository/book(_:of:)``.
    public func book(_ bookID: UUID, of userID: UUID) async throws -> Book {
        try await model(bookID, of: userID).domain()
    }

    /// See ``BookRepository/pages(_:of:userID:)``.
    public func pages(_ range: ClosedRange<Int>, of bookID: UUID, userID: UUID) async throws -> [BookPage] {
        _ = try await model(bookID, of: userID)
        return try await PageModel.query(on: database)
            .filter(\.$bookID == bookID)
            .filter(\.$number >= range.lowerBound)
            .filter(\.$number <= range.upperBound)
            .sort(\.$number)
            .all()
            .map { $0.domain() }
    }

    /// See ``BookRepository/pageLengths(of:userID:)``.
    public func pageLengths(of bookID: UUID, userID: UUID) async throws -> [Int] {
        _ = try await model(bookID, of: userID)
        return try await PageModel.query(on: database)
            .filter(\.$bookID == bookID)
            .sort(\.$number)
            .all(\.$characterCount)
    }

    /// See ``BookRepository/add(_:for:at:)``.
    public func add(_ draft: BookDraft, for userID: UUID, at date: Date) async throws -> Book {
        try BookRules.validate(draft)
        let pages = draft.pages.filter { !$0.text.allSatisfy(\.isWhitespace) }
        let book = BookModel()
        book.id = UUID()
        book.userID = userID
        book.title = try BookRules.validatedTitle(draft.title)
        book.author = try BookRules.validatedAuthor(draft.author)
        book.source = draft.source.rawValue
        book.hskLevel = draft.hskLevel
        book.pageCount = pages.count
        book.characterCount = pages.reduce(0) { $0 + $1.text.count }
        book.positionPage = 1
        book.positionFraction = 0
        book.createdAt = date
        book.updatedAt = date
        let bookID = try book.requireID()
        let encoder = JSONEncoder()
        let pageModels = try pages.enumerated().map { index, draft in
            let page = PageModel()
            page.id = UUID()
            page.bookID = bookID
            page.number = index + 1
            page.text = draft.text
            page.chapterTitle = draft.chapterTitle
            page.imagePath = draft.imagePath
            page.recognizedLines = String(decoding: try encoder.encode(draft.recognizedLines), as: UTF8.self)
            page.characterCount = draft.text.count
            return page
        }
        try await database.transaction { transaction in
            try await book.create(on: transaction)
            // Batches keep each INSERT under SQLite's bound-parameter limit.
            for batch in stride(from: 0, to: pageModels.count, by: 100) {
                try await pageModels[batch..<min(batch + 100, pageModels.count)].create(on: transaction)
            }
        }
        return try book.domain()
    }

    /// See ``BookRepository/delete(_:of:)``.
    public func delete(_ bookID: UUID, of userID: UUID) async throws -> Int {
        let book = try await model(bookID, of: userID)
        return try await database.transaction { transaction in
            let marks = try await WordMarkModel.query(on: transaction)
                .filter(\.$userID == userID)
                .filter(\.$bookID == bookID)
                .all()
            for mark in marks {
                mark.bookTitle = book.title
                try await mark.save(on: transaction)
            }
            try await ReadingSessionModel.query(on: transaction)
                .filter(\.$bookID == bookID)
                .set(\.$bookID, to: nil)
                .update()
            try await WordEventModel.query(on: transaction)
                .filter(\.$bookID == bookID)
                .set(\.$bookID, to: nil)
                .update()
            try await WordMarkModel.query(on: transaction)
                .filter(\.$bookID == bookID)
                .set(\.$bookID, to: nil)
                .update()
            try await PageModel.query(on: transaction).filter(\.$bookID == bookID).delete()
            try await book.delete(on: transaction)
            return marks.filter(\.isMarked).count
        }
    }

    /// See ``BookRepository/savePosition(_:of:userID:at:)``.
    public func savePosition(_ position: ReadingPosition, of bookID: UUID, userID: UUID, at date: Date) async throws {
        let book = try await model(bookID, of: userID)
        guard position.page <= max(1, book.pageCount) else {
            throw ReadingError.pageOutOfRange(page: position.page, pageCount: book.pageCount)
        }
        book.positionPage = position.page
        book.positionFraction = position.fraction
        book.updatedAt = date
        try await book.save(on: database)
    }

    /// See ``BookRepository/insertPage(_:at:of:userID:at:)``.
    public func insertPage(
        _ page: PageDraft, at number: Int, of bookID: UUID, userID: UUID, at date: Date
    )
        async throws
    {
        let book = try await model(bookID, of: userID)
        guard (1...book.pageCount + 1).contains(number) else {
            throw ReadingError.pageOutOfRange(page: number, pageCount: book.pageCount)
        }
        let model = try Self.pageModel(page, number: number, bookID: bookID)
        try await database.transaction { transaction in
            try await Self.renumber(bookID, from: number, by: 1, on: transaction)
            try await model.create(on: transaction)
            book.pageCount += 1
            book.characterCount += model.characterCount
            book.updatedAt = date
            try await book.save(on: transaction)
        }
    }

    /// See ``BookRepository/replacePage(_:with:of:userID:at:)``.
    public func replacePage(
        _ number: Int, with page: PageDraft, of bookID: UUID, userID: UUID, at date: Date
    )
        async throws
    {
        let book = try await model(bookID, of: userID)
        guard
            let stored = try await PageModel.query(on: database)
                .filter(\.$bookID == bookID).filter(\.$number == number).first()
        else { throw ReadingError.pageOutOfRange(page: number, pageCount: book.pageCount) }
        let replacement = try Self.pageModel(page, number: number, bookID: bookID)
        try await database.transaction { transaction in
            book.characterCount += replacement.characterCount - stored.characterCount
            book.updatedAt = date
            stored.text = replacement.text
            stored.characterCount = replacement.characterCount
            stored.recognizedLines = replacement.recognizedLines
            stored.imagePath = replacement.imagePath ?? stored.imagePath
            try await stored.save(on: transaction)
            try await book.save(on: transaction)
        }
    }

    /// See ``BookRepository/removePage(_:of:userID:at:)``.
    public func removePage(_ number: Int, of bookID: UUID, userID: UUID, at date: Date) async throws {
        let book = try await model(bookID, of: userID)
        guard
            let stored = try await PageModel.query(on: database)
                .filter(\.$bookID == bookID).filter(\.$number == number).first()
        else { throw ReadingError.pageOutOfRange(page: number, pageCount: book.pageCount) }
        try await database.transaction { transaction in
            try await stored.delete(on: transaction)
            try await Self.renumber(bookID, from: number + 1, by: -1, on: transaction)
            book.pageCount -= 1
            book.characterCount -= stored.characterCount
            if book.positionPage > max(1, book.pageCount) {
                book.positionPage = max(1, book.pageCount)
                book.positionFraction = 0
            }
            book.updatedAt = date
            try await book.save(on: transaction)
        }
    }

    /// Moves pages `from...` by `offset`, through negative numbers so the (book, number) key never
    /// sees two pages with one number.
    private static func renumber(
        _ bookID: UUID, from number: Int, by offset: Int, on database: any Database
    )
        async throws
    {
        let pages = try await PageModel.query(on: database)
            .filter(\.$bookID == bookID).filter(\.$number >= number).all()
        for page in pages {
            page.number = -(page.number + offset)
            try await page.save(on: database)
        }
        for page in pages {
            page.number = -page.number
            try await page.save(on: database)
        }
    }

    private static func pageModel(_ draft: PageDraft, number: Int, bookID: UUID) throws -> PageModel {
        let page = PageModel()
        page.id = UUID()
        page.bookID = bookID
        page.number = number
        page.text = draft.text
        page.chapterTitle = draft.chapterTitle
        page.imagePath = draft.imagePath
        page.recognizedLines = String(decoding: try JSONEncoder().encode(draft.recognizedLines), as: UTF8.self)
        page.characterCount = draft.text.count
        return page
    }

    private func model(_ bookID: UUID, of userID: UUID) async throws -> BookModel {
        guard
            let book = try await BookModel.query(on: database)
                .filter(\.$id == bookID)
                .filter(\.$userID == userID)
                .first()
        else { throw ReadingError.bookNotFound }
        return book
    }
}
