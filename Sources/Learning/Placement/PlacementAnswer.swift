public import ChineseText
public import Foundation

/// What a learner answered to the placement reading offered at first launch: their marks, or a skip.
///
/// Only the newest completed answer counts as evidence (a retake replaces the earlier one). A skip
/// is kept so the offer is not shown again.
public struct PlacementAnswer: Hashable, Sendable, Codable {
    /// One word of the passage, as the learner saw it.
    public struct Word: Hashable, Sendable, Codable {
        /// The word.
        public var word: String
        /// How many times it occurs in the passage.
        public var timesSeen: Int
        /// Whether the learner marked it as unknown.
        public var marked: Bool

        /// Creates a word.
        public init(word: String, timesSeen: Int, marked: Bool) {
            self.word = word
            self.timesSeen = timesSeen
            self.marked = marked
        }
    }

    /// When the learner answered.
    public var answeredAt: Date
    /// The standard the passage was graded in.
    public var standard: HSKStandard
    /// The passage's words with the learner's marks; empty for a skip.
    public var words: [Word]
    /// The level proposed to the learner, if any.
    public var proposedLevel: Int?

    /// Creates an answer.
    public init(answeredAt: Date, standard: HSKStandard, words: [Word], proposedLevel: Int?) {
        self.answeredAt = answeredAt
        self.standard = standard
        self.words = words
        self.proposedLevel = proposedLevel
    }

    /// A skipped placement.
    public static func skipped(at date: Date, standard: HSKStandard) -> PlacementAnswer {
        PlacementAnswer(answeredAt: date, standard: standard, words: [], proposedLevel: nil)
    }

    /// Whether the learner skipped the placement.
    public var isSkipped: Bool { words.isEmpty }

    /// The answer's words as observations, graded by `level` (the level of a word in the estimator's standard).
    public func observations(level: (String) -> Int?) -> [WordObservation] {
        words.map {
            WordObservation(
                word: $0.word, hskLevel: level($0.word), timesSeen: $0.timesSeen, isMarked: $0.marked,
                lastSeen: answeredAt)
        }
    }
}

extension PlacementPassage {
    /// The learner's answer to this passage: each distinct word, marked when `marked` contains it.
    ///
    /// Words in `marked` that are not in the passage are ignored.
    public func answer(marked: Set<String>, at date: Date, proposedLevel: Int?) -> PlacementAnswer {
        PlacementAnswer(
            answeredAt: date, standard: standard,
            words: observations(marked: marked).map {
                PlacementAnswer.Word(word: $0.word, timesSeen: $0.timesSeen, marked: $0.isMarked)
            }, proposedLevel: proposedLevel)
    }
}

/// Stores learners' answers to the placement reading.
public protocol PlacementRepository: Sendable {
    /// Adds an answer (a completed placement or a skip).
    func record(_ answer: PlacementAnswer, for userID: UUID) async throws
    /// The user's newest answer, completed or skipped.
    func latestAnswer(for userID: UUID) async throws -> PlacementAnswer?
    /// The user's newest completed placement.
    func latestCompleted(for userID: UUID) async throws -> PlacementAnswer?
}

extension WordObservation {
    /// Reading observations combined with a placement's: a word in both is one observation seen in
    /// both places. Its mark is the reading's when the learner has marked it while reading or has
    /// read it since the placement without marking it (both newer evidence), otherwise the placement's.
    public static func combining(reading: [WordObservation], placement: [WordObservation]) -> [WordObservation] {
        var combined = reading
        var index: [String: Int] = [:]
        for (position, observation) in reading.enumerated() { index[observation.word] = position }
        for observation in placement {
            guard let position = index[observation.word] else {
                index[observation.word] = combined.count
                combined.append(observation)
                continue
            }
            var merged = combined[position]
            let readSince =
                merged.lastSeen.map { seen in observation.lastSeen.map { seen > $0 } ?? true } ?? false
            merged.timesSeen += observation.timesSeen
            if merged.markCount == 0, !readSince, observation.isMarked {
                merged.isMarked = true
                merged.markCount = 1
            }
            if merged.lastSeen == nil { merged.lastSeen = observation.lastSeen }
            combined[position] = merged
        }
        return combined
    }
}
