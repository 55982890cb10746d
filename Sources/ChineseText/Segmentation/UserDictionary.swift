/// Words and splits a learner has taught the segmenter; they override the model wherever the text
/// contains them.
///
/// `addWord("研究生命")` makes every occurrence of 研究生命 one token; `addSplit(["研究", "生命"])`
/// makes it two. A later override of the same text replaces the earlier one.
public struct UserDictionary: Hashable, Sendable, Codable {
    /// Each overridden text and the parts it is split into (one part for a whole word).
    public private(set) var overrides: [String: [String]] = [:]

    /// Creates an empty user dictionary.
    public init() {}

    /// Makes `word` always one token. Empty or whitespace-only words are ignored.
    public mutating func addWord(_ word: String) {
        guard Self.isUsable(word) else { return }
        overrides[word] = [word]
    }

    /// Makes the concatenation of `parts` always split into exactly these parts.
    /// Empty parts are dropped; fewer than one usable part is ignored.
    public mutating func addSplit(_ parts: [String]) {
        let parts = parts.filter(Self.isUsable)
        guard !parts.isEmpty else { return }
        overrides[parts.joined()] = parts
    }

    /// Forgets the override for `text`.
    public mutating func remove(_ text: String) {
        overrides[text] = nil
    }

    /// Whether no override is set.
    public var isEmpty: Bool { overrides.isEmpty }

    private static func isUsable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Overrides indexed by first scalar, as scalar arrays, for matching inside the segmenter.
    func compiled() -> [UInt32: [(text: [UInt32], partLengths: [Int])]] {
        var index: [UInt32: [(text: [UInt32], partLengths: [Int])]] = [:]
        for (text, parts) in overrides {
            let scalars = text.unicodeScalars.map(\.value)
            guard let first = scalars.first else { continue }
            index[first, default: []].append((scalars, parts.map { $0.unicodeScalars.count }))
        }
        for key in index.keys { index[key]?.sort { $0.text.count > $1.text.count } }
        return index
    }
}
