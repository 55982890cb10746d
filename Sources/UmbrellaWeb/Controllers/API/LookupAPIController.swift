import ChineseText
import Foundation
import Reading
import UmbrellaAPI
import Vapor

/// `GET /api/v1/lookup`: the tap-to-define popup's data.
struct LookupAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.lookup.pathComponents, use: lookUp)
    }

    struct Query: Content {
        var word: String?
        var session: UUID?
        var book: UUID?
        var page: Int?
    }

    @Sendable func lookUp(req: Request) async throws -> LookupDTO {
        let query = try req.query.decode(Query.self)
        let word = try WordMarkRules.validatedWord(query.word ?? "")
        let settings = try await req.currentSettings()
        let mark = try await req.wordMarks.mark(of: word, for: req.userID)
        if query.session != nil {
            try await req.serialized {
                try await req.wordMarks.recordLookup(
                    of: word, for: req.userID, bookID: query.book, pageNumber: query.page, sessionID: query.session,
                    at: req.now)
            }
        }
        return Self.dto(for: word, engine: req.textEngine, standard: settings.standard, mark: mark)
    }

    static func dto(for word: String, engine: TextEngine, standard: HSKStandard, mark: WordMark?) -> LookupDTO {
        let marked = mark?.isMarked ?? false
        let markCount = mark?.markCount ?? 0
        guard let lookup = engine.dictionary.lookUp(word), !lookup.isCharacterFallback else {
            // No entry: show the reading alone (seed 000 §11).
            let pinyin = engine.annotator.annotate(word, standard: standard).paragraphs.joined()
                .map(\.pinyin).filter { !$0.isEmpty }.joined(separator: " ")
            let fallback = engine.dictionary.lookUp(word)
            return LookupDTO(
                word: word, found: false, pinyin: fallback?.entries.first.map(Self.spaced) ?? pinyin, entries: [],
                hsk: nil,
                hsk2Level: nil, hsk3Level: nil, measureWords: [], example: nil, marked: marked, markCount: markCount)
        }
        let level = standard == .hsk2 ? lookup.hsk2Level : lookup.hsk3Level
        let entries = lookup.entries.prefix(6).map { entry in
            LookupDTO.Entry(
                simplified: entry.simplified, traditional: entry.traditional, pinyin: Self.spaced(entry),
                senses: entry.senses)
        }
        var seen = Set<String>()
        let measureWords = lookup.entries.flatMap(\.measureWords).filter { seen.insert($0.simplified).inserted }.map {
            LookupDTO.MeasureWord(
                simplified: $0.simplified, traditional: $0.traditional == $0.simplified ? nil : $0.traditional,
                pinyin: $0.pinyin)
        }
        let example = lookup.examples.first.map {
            LookupDTO.Example(simplified: $0.simplified, pinyin: $0.pinyin, english: $0.english)
        }
        return LookupDTO(
            word: word, found: true, pinyin: lookup.entries.first.map(Self.spaced) ?? "", entries: Array(entries),
            hsk: level.map {
                LookupDTO.Level(
                    standard: standard, level: $0,
                    label: "\(standard == .hsk2 ? "HSK 2.0" : "HSK 3.0") level \(standard.label($0))")
            },
            hsk2Level: lookup.hsk2Level, hsk3Level: lookup.hsk3Level, measureWords: measureWords, example: example,
            marked: marked, markCount: markCount)
    }

    /// The entry's reading with tone marks, one space between syllables (`yuè liang`).
    static func spaced(_ entry: DictionaryEntry) -> String {
        let syllables = entry.syllables.compactMap { $0?.marked }
        return syllables.isEmpty ? entry.pinyin : syllables.joined(separator: " ")
    }
}
