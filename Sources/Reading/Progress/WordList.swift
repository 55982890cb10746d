public import Foundation

/// One row of the learner's word list: a mark with what the dictionary says about the word.
public struct WordListEntry: Hashable, Sendable, Codable {
    /// The mark.
    public var mark: WordMark
    /// The word's HSK level in the learner's standard, or `nil` when the list does not have it.
    public var hskLevel: Int?
    /// The word's pinyin, with tone marks.
    public var pinyin: String?
    /// The first definitions, joined with "; ".
    public var definition: String?

    /// Creates an entry.
    public init(mark: WordMark, hskLevel: Int?, pinyin: String?, definition: String?) {
        self.mark = mark
        self.hskLevel = hskLevel
        self.pinyin = pinyin
        self.definition = definition
    }
}

/// How the word list is filtered and sorted (the word list page's controls and the API's query).
public struct WordListQuery: Hashable, Sendable, Codable {
    /// The sort key.
    public enum Sort: String, Hashable, Sendable, Codable, CaseIterable {
        /// When the word was last marked or unmarked.
        case date
        /// The word's HSK level; unlisted words after every level.
        case level
        /// How many times the word was marked.
        case timesMarked
    }

    /// Which marks to list.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// Words marked now.
        case marked
        /// Words once marked whose mark the learner removed (learnt).
        case learned
        /// Both.
        case all
    }

    /// A level filter.
    public enum LevelFilter: Hashable, Sendable, Codable {
        /// Words of this HSK level.
        case level(Int)
        /// Words not in the HSK list.
        case unlisted

        /// Parses `1`…`9` or `none`.
        public init?(parameter: String) {
            if parameter == "none" {
                self = .unlisted
            } else if let level = Int(parameter), (1...9).contains(level) {
                self = .level(level)
            } else {
                return nil
            }
        }

        /// The query parameter value: the level, or `none`.
        public var parameter: String {
            switch self {
            case .level(let level): String(level)
            case .unlisted: "none"
            }
        }
    }

    /// The sort key.
    public var sort: Sort
    /// Whether the largest (newest, highest, most marked) come first.
    public var descending: Bool
    /// Only words last marked in this book.
    public var bookID: UUID?
    /// Only words of this level.
    public var level: LevelFilter?
    /// Which marks.
    public var status: Status

    /// Creates a query; by default the words marked now, newest first.
    public init(
        sort: Sort = .date, descending: Bool? = nil, bookID: UUID? = nil, level: LevelFilter? = nil,
        status: Status = .marked
    ) {
        self.sort = sort
        // Dates and counts read best largest first; levels easiest first.
        self.descending = descending ?? (sort != .level)
        self.bookID = bookID
        self.level = level
        self.status = status
    }

    /// The entries that pass the filters, in order. Ties keep a stable order: newest first, then by word.
    public func apply(to entries: [WordListEntry]) -> [WordListEntry] {
        let kept = entries.filter(matches)
        return kept.sorted { left, right in
            let order = compare(left, right)
            if order != 0 { return descending ? order > 0 : order < 0 }
            if left.mark.updatedAt != right.mark.updatedAt { return left.mark.updatedAt > right.mark.updatedAt }
            return left.mark.word < right.mark.word
        }
    }

    /// Whether `entry` passes the filters.
    public func matches(_ entry: WordListEntry) -> Bool {
        switch status {
        case .marked: guard entry.mark.isMarked else { return false }
        case .learned: guard !entry.mark.isMarked else { return false }
        case .all: break
        }
        if let bookID, entry.mark.bookID != bookID { return false }
        switch level {
        case nil: return true
        case .level(let level): return entry.hskLevel == level
        case .unlisted: return entry.hskLevel == nil
        }
    }

    /// -1, 0 or 1 as `left` sorts before, with or after `right` in ascending order of the key.
    private func compare(_ left: WordListEntry, _ right: WordListEntry) -> Int {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
        switch sort {
        case .date: return sign(left.mark.updatedAt, right.mark.updatedAt)
        case .level: return sign(left.hskLevel ?? Int.max, right.hskLevel ?? Int.max)
        case .timesMarked: return sign(left.mark.markCount, right.mark.markCount)
        }
    }
}
