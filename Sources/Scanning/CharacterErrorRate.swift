/// The character error rate of recognised text against the truth: edit distance over the truth's
/// length, whitespace ignored (line breaks depend on layout, not on reading).
public enum CharacterErrorRate {
    /// The rate, 0 for a perfect read; can exceed 1 when the output is much longer than the truth.
    public static func of(_ recognized: String, against truth: String) -> Double {
        let reference = Array(truth.filter { !$0.isWhitespace })
        let hypothesis = Array(recognized.filter { !$0.isWhitespace })
        guard !reference.isEmpty else { return hypothesis.isEmpty ? 0 : 1 }
        return Double(editDistance(hypothesis, reference)) / Double(reference.count)
    }

    /// The Levenshtein distance between two character sequences.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
