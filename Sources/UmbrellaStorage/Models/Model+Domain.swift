import Foundation
import Reading

extension BookModel {
    func domain() throws -> Book {
        Book(
            id: try requireID(), ownerID: userID, title: title, author: author,
            source: BookSource(rawValue: source) ?? .pasted, hskLevel: hskLevel, pageCount: pageCount,
            characterCount: characterCount, createdAt: createdAt, updatedAt: updatedAt,
            position: ReadingPosition(page: positionPage, fraction: positionFraction))
    }
}

extension PageModel {
    func domain() -> BookPage {
        let lines = (try? JSONDecoder().decode([RecognizedLineConfidence].self, from: Data(recognizedLines.utf8))) ?? []
        return BookPage(
            bookID: bookID, number: number, text: text, chapterTitle: chapterTitle, imagePath: imagePath,
            recognizedLines: lines)
    }
}

extension WordMarkModel {
    func domain() -> WordMark {
        WordMark(
            userID: userID, word: word, isMarked: isMarked, markCount: markCount, bookID: bookID, bookTitle: bookTitle,
            pageNumber: pageNumber, sentence: sentence, firstMarkedAt: firstMarkedAt, updatedAt: updatedAt)
    }
}

extension UserSettingsModel {
    func domain() -> ReaderSettings {
        ReaderSettings(
            fontSize: fontSize, pinyin: .init(rawValue: pinyin) ?? .off, toneColors: toneColors,
            theme: .init(rawValue: theme) ?? .system, language: .init(rawValue: language) ?? .english, level: level,
            standard: .init(rawValue: standard) ?? .hsk3)
    }
}
