import ChineseText
import Foundation
import Learning
import Reading
import Synchronization
import UmbrellaAPI
import UmbrellaStorage
import Vapor

/// The placement passages, built once per standard from the bundled sentences.
final class PlacementPassages: Sendable {
    private let passages = Mutex<[HSKStandard: PlacementPassage]>([:])

    /// The passage graded in `standard` (built on first use: segments every bundled sentence once).
    func passage(_ standard: HSKStandard, resources: ChineseTextResources) -> PlacementPassage {
        if let passage = passages.withLock({ $0[standard] }) { return passage }
        let passage = PlacementPassage.build(resources: resources, standard: standard)
        passages.withLock { $0[standard] = passage }
        return passage
    }
}

extension Application {
    private struct PlacementPassagesKey: StorageKey { typealias Value = PlacementPassages }

    /// The placement passages (see ``PlacementPassages``); set up by `configure(_:)`.
    var placementPassages: PlacementPassages {
        get { storage[PlacementPassagesKey.self] ?? PlacementPassages() }
        set { storage[PlacementPassagesKey.self] = newValue }
    }
}

/// The estimate with when its newest evidence happened.
struct CurrentEstimate {
    var estimate: ProficiencyEstimate
    var lastUpdated: Date?
}

extension Request {
    var proficiencyHistory: any ProficiencyHistoryRepository { FluentProficiencyHistoryRepository(database: database) }
    var placementAnswers: any PlacementRepository { FluentPlacementRepository(database: database) }
    var readingStatistics: any ReadingStatisticsRepository { FluentReadingStatisticsRepository(database: database) }

    /// The placement passage in the learner's standard.
    func placementPassage(_ standard: HSKStandard) -> PlacementPassage {
        application.placementPassages.passage(standard, resources: textEngine.resources)
    }

    /// The level estimate from all the learner's reading and their newest placement, in their standard.
    func currentEstimate() async throws -> CurrentEstimate {
        let settings = try await currentSettings()
        let standard = settings.standard
        let history = try await FluentWordHistoryRepository(database: database).wordHistory(for: userID)
        let hsk = textEngine.resources.hsk
        let reading = history.map { entry in
            WordObservation(
                word: entry.word, hskLevel: hsk.level(ofWord: entry.word, in: standard),
                timesSeen: entry.timesSeen, isMarked: entry.isMarked, markCount: entry.markCount,
                lastSeen: entry.lastSeen)
        }
        let placement = try await placementAnswers.latestCompleted(for: userID)
        let placed = placement?.observations { hsk.level(ofWord: $0, in: standard) } ?? []
        let observations = WordObservation.combining(reading: reading, placement: placed)
        let estimate = ProficiencyEstimator(standard: standard).estimate(observations, now: now)
        let lastUpdated = (history.compactMap(\.lastActivity) + [placement?.answeredAt].compactMap { $0 }).max()
        return CurrentEstimate(estimate: estimate, lastUpdated: lastUpdated)
    }

    /// Records the current estimate in the history unless it rests on the same evidence as the newest one.
    ///
    /// Called when a session ends or a new one starts, and after the placement. Failures are logged, not
    /// thrown: the history is a record for the chart, and reading must go on without it.
    func recordEstimate(_ trigger: ProficiencySnapshot.Trigger) async {
        do {
            let current = try await currentEstimate()
            guard current.estimate.wordsSeen > 0 else { return }
            let snapshot = ProficiencySnapshot(current.estimate, at: now, trigger: trigger)
            try await serialized {
                let last = try await proficiencyHistory.snapshots(for: userID, limit: 1).last
                if let last, last.hasSameEvidence(as: snapshot), trigger == .reading { return }
                try await proficiencyHistory.record(snapshot, for: userID)
            }
        } catch {
            logger.report(error: error)
        }
    }
}

extension ProficiencyDTO {
    /// The API's shape of an estimate.
    init(_ current: CurrentEstimate) {
        let estimate = current.estimate
        self.init(
            hsklevel: estimate.level,
            masteryPercentage: estimate.masteryPercentage,
            confidenceInterval: estimate.levelInterval.map { .init(min: $0.min, max: $0.max) },
            masteryInterval: estimate.masteryInterval.map { .init(min: $0.lower, max: $0.upper) },
            lastUpdated: current.lastUpdated,
            standard: estimate.standard.rawValue, wordsSeen: estimate.wordsSeen, wordsMarked: estimate.wordsMarked,
            recommendation: estimate.recommendation.rawValue,
            levels: estimate.tallies.map { .init(level: $0.level, seen: $0.seen, marked: $0.marked) })
    }
}

extension ProficiencyHistoryDTO.Snapshot {
    /// The API's shape of a snapshot.
    init(_ snapshot: ProficiencySnapshot) {
        self.init(
            recordedAt: snapshot.recordedAt, trigger: snapshot.trigger.rawValue, standard: snapshot.standard.rawValue,
            hsklevel: snapshot.level,
            confidenceInterval: snapshot.levelInterval.map { .init(min: $0.min, max: $0.max) },
            ability: snapshot.ability,
            abilityInterval: snapshot.abilityInterval.map { .init(min: $0.lower, max: $0.upper) },
            masteryPercentage: snapshot.masteryPercentage,
            masteryInterval: snapshot.masteryInterval.map { .init(min: $0.lower, max: $0.upper) },
            wordsSeen: snapshot.wordsSeen, wordsMarked: snapshot.wordsMarked)
    }
}

extension Request {
    /// The learner's word list, filtered and sorted by `query`, with pinyin, definitions and levels.
    func wordList(_ query: WordListQuery) async throws -> [WordListEntry] {
        let settings = try await currentSettings()
        let resources = textEngine.resources
        let entries = try await wordMarks.marks(for: userID).map { mark in
            let dictionaryEntry = resources.lexicon.entries(for: mark.word).first
            return WordListEntry(
                mark: mark, hskLevel: resources.hsk.level(ofWord: mark.word, in: settings.standard),
                pinyin: dictionaryEntry.map(LookupAPIController.spaced),
                definition: dictionaryEntry.map { $0.senses.prefix(3).joined(separator: "; ") })
        }
        return query.apply(to: entries)
    }

    /// The word-list query in this request's query string, or a 400 naming the bad parameter.
    func wordListQuery() throws -> WordListQuery {
        func parameter(_ name: String) -> String? {
            (try? query.get(String.self, at: name)).flatMap { $0.isEmpty ? nil : $0 }
        }
        var sort = WordListQuery.Sort.date
        if let value = parameter("sort") {
            guard let parsed = WordListQuery.Sort(rawValue: value) else {
                throw UploadError.invalidQuery("sort must be date, level or timesMarked.")
            }
            sort = parsed
        }
        var descending: Bool?
        if let value = parameter("order") {
            guard value == "asc" || value == "desc" else {
                throw UploadError.invalidQuery("order must be asc or desc.")
            }
            descending = value == "desc"
        }
        var bookID: UUID?
        if let value = parameter("book") {
            guard let id = UUID(uuidString: value) else { throw UploadError.invalidQuery("book must be a book id.") }
            bookID = id
        }
        var level: WordListQuery.LevelFilter?
        if let value = parameter("level") {
            guard let parsed = WordListQuery.LevelFilter(parameter: value) else {
                throw UploadError.invalidQuery("level must be 1 to 9, or none for unlisted words.")
            }
            level = parsed
        }
        var status = WordListQuery.Status.marked
        if let value = parameter("status") {
            guard let parsed = WordListQuery.Status(rawValue: value) else {
                throw UploadError.invalidQuery("status must be marked, learned or all.")
            }
            status = parsed
        }
        return WordListQuery(sort: sort, descending: descending, bookID: bookID, level: level, status: status)
    }
}
