import Foundation
import Learning
import Reading
import Vapor

/// The progress page with the word list.
struct ProgressController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("progress", use: show)
    }

    @Sendable func show(req: Request) async throws -> Response {
        let query = try req.wordListQuery()
        let settings = try await req.currentSettings()
        let current = try await req.currentEstimate()
        let now = req.now
        let statistics = try await req.readingStatistics.statistics(
            for: req.userID, since: now.addingTimeInterval(-ReadingStatistics.recentWindow))
        let snapshots = try await req.proficiencyHistory.snapshots(for: req.userID, limit: 500)
            .filter { $0.standard == settings.standard }
        return ProgressPage(
            settings: settings, assetVersion: req.application.assetVersion, estimate: current.estimate,
            statistics: statistics,
            chartPoints: EstimateChart.points(snapshots: snapshots, current: current.estimate, now: now),
            words: try await req.wordList(query), query: query, books: try await req.books.books(of: req.userID),
            placementDone: try await req.placementAnswers.latestCompleted(for: req.userID) != nil
        ).html.response()
    }
}

/// The placement reading's pages.
struct PlacementController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("placement", use: show)
        routes.post("placement", use: submit)
        routes.get("placement", "result", use: result)
        routes.post("placement", "skip", use: skip)
    }

    @Sendable func show(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        return PlacementPage(
            settings: settings, assetVersion: req.application.assetVersion,
            passage: req.placementPassage(settings.standard)
        ).html.response()
    }

    struct Form: Content {
        var marked: [String]?
    }

    @Sendable func submit(req: Request) async throws -> Response {
        let form = (try? req.content.decode(Form.self)) ?? Form(marked: nil)
        let marked = form.marked ?? []
        guard marked.count <= 5000 else {
            throw UploadError.tooManyWords
        }
        _ = try await PlacementAPIController.submit(Set(marked), req: req)
        return req.redirect(to: "/placement/result", redirectType: .normal)
    }

    @Sendable func result(req: Request) async throws -> Response {
        guard let answer = try await req.placementAnswers.latestCompleted(for: req.userID) else {
            return req.redirect(to: "/placement", redirectType: .normal)
        }
        let settings = try await req.currentSettings()
        let observations = answer.observations { req.textEngine.resources.hsk.level(ofWord: $0, in: answer.standard) }
        let estimate = ProficiencyEstimator(standard: answer.standard).estimate(observations)
        let books = try await req.books.books(of: req.userID).filter { $0.source == .starter }
        let level = min(6, answer.proposedLevel ?? 1)
        let suggested = books.filter { $0.hskLevel == level }.min { $0.createdAt < $1.createdAt }
        return PlacementResultPage(
            settings: settings, assetVersion: req.application.assetVersion, answer: answer,
            interval: estimate.levelInterval, suggestedBook: suggested
        ).html.response()
    }

    @Sendable func skip(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        try await req.serialized {
            try await req.placementAnswers.record(.skipped(at: req.now, standard: settings.standard), for: req.userID)
        }
        return req.redirect(to: "/", redirectType: .normal)
    }
}
