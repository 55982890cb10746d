import Foundation
import Learning
import Reading
import UmbrellaAPI
import Vapor

/// The level estimate, its history, and the progress counts.
struct ProficiencyAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.proficiency.pathComponents, use: show)
        routes.get(APIRoute.proficiencyHistory.pathComponents, use: history)
        routes.get(APIRoute.progress.pathComponents, use: progress)
    }

    /// `GET /api/v1/proficiency`: the estimate from everything the learner has read and marked.
    @Sendable func show(req: Request) async throws -> ProficiencyDTO {
        ProficiencyDTO(try await req.currentEstimate())
    }

    /// `GET /api/v1/proficiency/history?limit=N`: the recorded estimates, oldest first.
    @Sendable func history(req: Request) async throws -> ProficiencyHistoryDTO {
        let limit = try Self.limit(req, default: 500)
        let settings = try await req.currentSettings()
        let snapshots = try await req.proficiencyHistory.snapshots(for: req.userID, limit: limit)
        return ProficiencyHistoryDTO(
            standard: settings.standard.rawValue, snapshots: snapshots.map(ProficiencyHistoryDTO.Snapshot.init))
    }

    /// `GET /api/v1/progress`: texts read, words marked, reading time, and the estimate.
    @Sendable func progress(req: Request) async throws -> ProgressDTO {
        let now = req.now
        let statistics = try await req.readingStatistics.statistics(
            for: req.userID, since: now.addingTimeInterval(-ReadingStatistics.recentWindow))
        let placement = try await req.placementAnswers.latestCompleted(for: req.userID)
        return ProgressDTO(
            textsRead: statistics.textsRead, sessions: statistics.sessions, secondsRead: statistics.secondsRead,
            wordsMarked: statistics.wordsMarked, wordsMarkedThisWeek: statistics.wordsMarkedRecently,
            secondsReadThisWeek: statistics.secondsReadRecently, weekStartedAt: statistics.recentSince,
            proficiency: ProficiencyDTO(try await req.currentEstimate()), placementDone: placement != nil)
    }

    /// The `limit` query parameter (1…`maximum`), or `default`; anything else is a 400.
    static func limit(_ req: Request, default defaultValue: Int, maximum: Int = 5000) throws -> Int {
        guard let text = try? req.query.get(String.self, at: "limit"), !text.isEmpty else { return defaultValue }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw UploadError.invalidQuery("limit must be a whole number from 1 to \(maximum).")
        }
        return value
    }
}
