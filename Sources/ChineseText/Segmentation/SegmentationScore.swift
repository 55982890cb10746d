/// Word precision, recall and F1 of a segmentation against a gold one, by word spans over the
/// non-whitespace characters (the SIGHAN bakeoff method).
public struct SegmentationScore: Hashable, Sendable, Codable {
    /// Gold words.
    public var goldWords = 0
    /// Predicted words.
    public var predictedWords = 0
    /// Predicted words whose span is a gold word.
    public var correctWords = 0

    /// An empty score, to add lines to.
    public init() {}

    /// Adds one line: `gold` and `predicted` are the words of the same text.
    public mutating func add(gold: [String], predicted: [String]) {
        var goldSpans = Set<Int>()
        var position = 0
        for word in gold {
            let length = word.unicodeScalars.count
            goldSpans.insert(position << 20 | (position + length))
            position += length
        }
        position = 0
        for word in predicted {
            let length = word.unicodeScalars.count
            if goldSpans.contains(position << 20 | (position + length)) { correctWords += 1 }
            position += length
        }
        goldWords += gold.count
        predictedWords += predicted.count
    }

    /// Correct / predicted.
    public var precision: Double { predictedWords == 0 ? 0 : Double(correctWords) / Double(predictedWords) }
    /// Correct / gold.
    public var recall: Double { goldWords == 0 ? 0 : Double(correctWords) / Double(goldWords) }
    /// Harmonic mean of precision and recall.
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
}
