import ChineseText
import Foundation
import Learning
import Reading
import UmbrellaAPI
import UmbrellaStorage
import Vapor

/// `GET /api/v1/proficiency`: the level estimate from everything the learner has read and marked.
struct ProficiencyAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.proficiency.pathComponents, use: show)
    }

    @Sendable func show(req: Request) async throws -> ProficiencyDTO {
        let settings = try await req.currentSettings()
        let history = try await FluentWordHistoryRepository(database: req.database).wordHistory(for: req.userID)
        let hsk = req.textEngine.resources.hsk
        let observations = history.map { entry in
            WordObservation(
                word: entry.word, hskLevel: hsk.level(ofWord: entry.word, in: settings.standard),
                timesSeen: entry.timesSeen, isMarked: entry.isMarked, markCount: entry.markCount,
                lastSeen: entry.lastSeen)
        }
        let estimate = ProficiencyEstimator(standard: settings.standard).estimate(observations, now: req.now)
        return ProficiencyDTO(
            hsklevel: estimate.level,
            masteryPercentage: estimate.masteryPercentage,
            confidenceInterval: estimate.levelInterval.map { .init(min: $0.min, max: $0.max) },
            masteryInterval: estimate.masteryInterval.map { .init(min: $0.lower, max: $0.upper) },
            lastUpdated: history.compactMap(\.lastActivity).max(),
            standard: settings.standard.rawValue, wordsSeen: estimate.wordsSeen, wordsMarked: estimate.wordsMarked,
            recommendation: estimate.recommendation.rawValue,
            levels: estimate.tallies.map { .init(level: $0.level, seen: $0.seen, marked: $0.marked) })
    }
}
