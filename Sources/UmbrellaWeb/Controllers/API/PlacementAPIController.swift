import ChineseText
import Foundation
import Learning
import Reading
import UmbrellaAPI
import Vapor

/// The placement reading: the passage, the learner's marks, and declining it.
struct PlacementAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(APIRoute.placement.pathComponents, use: passage)
        routes.post(APIRoute.placement.pathComponents, use: answer)
        routes.post(APIRoute.placementSkip.pathComponents, use: skip)
    }

    /// `GET /api/v1/placement`.
    @Sendable func passage(req: Request) async throws -> PlacementPassageDTO {
        let settings = try await req.currentSettings()
        return Self.dto(req.placementPassage(settings.standard))
    }

    /// `POST /api/v1/placement`: scores the marks, saves them and the proposed level.
    @Sendable func answer(req: Request) async throws -> PlacementResultDTO {
        let body = try req.content.decode(PlacementAnswerRequest.self)
        guard body.marked.count <= 5000 else {
            throw UploadError.tooManyWords
        }
        return try await Self.submit(Set(body.marked), req: req)
    }

    /// `POST /api/v1/placement/skip`: the learner declines; the offer is not shown again.
    @Sendable func skip(req: Request) async throws -> Response {
        let settings = try await req.currentSettings()
        try await req.serialized {
            try await req.placementAnswers.record(.skipped(at: req.now, standard: settings.standard), for: req.userID)
        }
        return Response(status: .noContent)
    }

    /// Scores `marked` against the passage, saves the answer and the proposed level, records the estimate.
    static func submit(_ marked: Set<String>, req: Request) async throws -> PlacementResultDTO {
        let settings = try await req.currentSettings()
        let passage = req.placementPassage(settings.standard)
        let observations = passage.observations(marked: marked)
        let placement = ProficiencyEstimator(standard: settings.standard).estimate(observations)
        let answer = passage.answer(marked: marked, at: req.now, proposedLevel: placement.level)
        try await req.serialized {
            try await req.placementAnswers.record(answer, for: req.userID)
        }
        if let level = placement.level {
            var updated = settings
            updated.level = min(6, max(1, level))
            try await req.saveSettings(updated)
        }
        await req.recordEstimate(.placement)
        return PlacementResultDTO(
            proposedLevel: placement.level,
            confidenceInterval: placement.levelInterval.map { .init(min: $0.min, max: $0.max) },
            wordsMarked: observations.filter(\.isMarked).count, wordsInPassage: observations.count,
            proficiency: ProficiencyDTO(try await req.currentEstimate()))
    }

    static func dto(_ passage: PlacementPassage) -> PlacementPassageDTO {
        let levels = Array(Set(passage.sentences.map(\.hskLevel))).sorted()
        let pieces = passage.sentencePieces
        return PlacementPassageDTO(
            standard: passage.standard.rawValue,
            screens: levels.map { level in
                .init(
                    level: level,
                    sentences: passage.sentences.indices.filter { passage.sentences[$0].hskLevel == level }.map {
                        let sentence = passage.sentences[$0]
                        return .init(
                            id: sentence.id, text: sentence.text,
                            tokens: pieces[$0].map { .init(text: $0.text, word: $0.isMarkable, level: $0.level) })
                    })
            })
    }
}
