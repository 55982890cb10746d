public import Foundation

/// `GET /api/v1/proficiency/history`: the learner's level estimates over time, oldest first.
public struct ProficiencyHistoryDTO: Codable, Hashable, Sendable {
    /// The standard of the current estimate (`hsk3` or `hsk2`); snapshots carry their own.
    public var standard: String
    /// The recorded estimates, oldest first.
    public var snapshots: [Snapshot]

    /// One recorded estimate.
    public struct Snapshot: Codable, Hashable, Sendable {
        /// When it was made.
        public var recordedAt: Date
        /// `reading` (after a session) or `placement`.
        public var trigger: String
        /// The standard its levels are in.
        public var standard: String
        /// The estimated level, or nil while there was too little reading.
        public var hsklevel: Int?
        /// The level's 80 % credible interval.
        public var confidenceInterval: ProficiencyDTO.LevelRange?
        /// The ability on the continuous HSK scale (1.0 = knows HSK 1 words half the time… see the model doc).
        public var ability: Double?
        /// The ability's 80 % credible interval.
        public var abilityInterval: ProficiencyDTO.PercentRange?
        /// Mastery in percent.
        public var masteryPercentage: Double?
        /// The mastery's interval, in percent.
        public var masteryInterval: ProficiencyDTO.PercentRange?
        /// Distinct words seen.
        public var wordsSeen: Int
        /// Words marked.
        public var wordsMarked: Int

        /// Creates a snapshot.
        public init(
            recordedAt: Date, trigger: String, standard: String, hsklevel: Int?,
            confidenceInterval: ProficiencyDTO.LevelRange?, ability: Double?,
            abilityInterval: ProficiencyDTO.PercentRange?, masteryPercentage: Double?,
            masteryInterval: ProficiencyDTO.PercentRange?, wordsSeen: Int, wordsMarked: Int
        ) {
            self.recordedAt = recordedAt
            self.trigger = trigger
            self.standard = standard
            self.hsklevel = hsklevel
            self.confidenceInterval = confidenceInterval
            self.ability = ability
            self.abilityInterval = abilityInterval
            self.masteryPercentage = masteryPercentage
            self.masteryInterval = masteryInterval
            self.wordsSeen = wordsSeen
            self.wordsMarked = wordsMarked
        }
    }

    /// Creates the answer.
    public init(standard: String, snapshots: [Snapshot]) {
        self.standard = standard
        self.snapshots = snapshots
    }
}

/// `GET /api/v1/words`: one page of the learner's word list.
public struct WordListDTO: Codable, Hashable, Sendable {
    /// Words matching the filters, before paging.
    public var total: Int
    /// The first row's index in the whole list.
    public var offset: Int
    /// The page size asked for.
    public var limit: Int
    /// The words.
    public var words: [Word]

    /// One word of the list.
    public struct Word: Codable, Hashable, Sendable {
        /// The word.
        public var word: String
        /// Its pinyin.
        public var pinyin: String?
        /// Its first definitions.
        public var definition: String?
        /// Its HSK level in the learner's standard; nil when not listed.
        public var hskLevel: Int?
        /// How many times it was marked.
        public var timesMarked: Int
        /// Whether it is marked now (false: the mark was removed, the word learnt).
        public var marked: Bool
        /// When it was first marked.
        public var firstMarkedAt: Date
        /// When it was last marked or unmarked.
        public var updatedAt: Date
        /// The book it was last marked in; nil once deleted.
        public var bookID: UUID?
        /// That book's title, kept after deletion.
        public var bookTitle: String?
        /// The page it was last marked on.
        public var page: Int?
        /// The sentence around it.
        public var sentence: String?

        /// Creates a word.
        public init(
            word: String, pinyin: String?, definition: String?, hskLevel: Int?, timesMarked: Int, marked: Bool,
            firstMarkedAt: Date, updatedAt: Date, bookID: UUID?, bookTitle: String?, page: Int?, sentence: String?
        ) {
            self.word = word
            self.pinyin = pinyin
            self.definition = definition
            self.hskLevel = hskLevel
            self.timesMarked = timesMarked
            self.marked = marked
            self.firstMarkedAt = firstMarkedAt
            self.updatedAt = updatedAt
            self.bookID = bookID
            self.bookTitle = bookTitle
            self.page = page
            self.sentence = sentence
        }
    }

    /// Creates a page of the list.
    public init(total: Int, offset: Int, limit: Int, words: [Word]) {
        self.total = total
        self.offset = offset
        self.limit = limit
        self.words = words
    }
}

/// `GET /api/v1/progress`: the progress page's counts with the current estimate.
public struct ProgressDTO: Codable, Hashable, Sendable {
    /// Books read in (a session with reading time or past the first page).
    public var textsRead: Int
    /// Reading sessions.
    public var sessions: Int
    /// Seconds read in all.
    public var secondsRead: Int
    /// Words marked now.
    public var wordsMarked: Int
    /// Distinct words marked in the last seven days.
    public var wordsMarkedThisWeek: Int
    /// Seconds read in the last seven days.
    public var secondsReadThisWeek: Int
    /// The start of that seven-day window.
    public var weekStartedAt: Date
    /// The current estimate, as `GET /api/v1/proficiency`.
    public var proficiency: ProficiencyDTO
    /// Whether the learner has done the placement reading.
    public var placementDone: Bool

    /// Creates the answer.
    public init(
        textsRead: Int, sessions: Int, secondsRead: Int, wordsMarked: Int, wordsMarkedThisWeek: Int,
        secondsReadThisWeek: Int, weekStartedAt: Date, proficiency: ProficiencyDTO, placementDone: Bool
    ) {
        self.textsRead = textsRead
        self.sessions = sessions
        self.secondsRead = secondsRead
        self.wordsMarked = wordsMarked
        self.wordsMarkedThisWeek = wordsMarkedThisWeek
        self.secondsReadThisWeek = secondsReadThisWeek
        self.weekStartedAt = weekStartedAt
        self.proficiency = proficiency
        self.placementDone = placementDone
    }
}

/// `GET /api/v1/placement`: the placement reading, one screen per level.
public struct PlacementPassageDTO: Codable, Hashable, Sendable {
    /// The standard the levels are in.
    public var standard: String
    /// The screens, easiest first.
    public var screens: [Screen]

    /// The sentences of one level.
    public struct Screen: Codable, Hashable, Sendable {
        /// The level.
        public var level: Int
        /// The sentences.
        public var sentences: [Sentence]

        /// Creates a screen.
        public init(level: Int, sentences: [Sentence]) {
            self.level = level
            self.sentences = sentences
        }
    }

    /// One sentence, as tokens; the Chinese words are what the learner can mark.
    public struct Sentence: Codable, Hashable, Sendable {
        /// The sentence's id in the bundled examples.
        public var id: String
        /// The sentence.
        public var text: String
        /// Its tokens in order; `word` is true for a markable Chinese word.
        public var tokens: [Token]

        /// Creates a sentence.
        public init(id: String, text: String, tokens: [Token]) {
            self.id = id
            self.text = text
            self.tokens = tokens
        }
    }

    /// A piece of a sentence.
    public struct Token: Codable, Hashable, Sendable {
        /// The text.
        public var text: String
        /// Whether the learner can mark it: a Chinese word at its first occurrence in the passage
        /// (later occurrences are plain text, so one answer per word).
        public var word: Bool
        /// The word's HSK level, for markable words.
        public var level: Int?

        /// Creates a token.
        public init(text: String, word: Bool, level: Int? = nil) {
            self.text = text
            self.word = word
            self.level = level
        }
    }

    /// Creates the passage.
    public init(standard: String, screens: [Screen]) {
        self.standard = standard
        self.screens = screens
    }
}

/// `POST /api/v1/placement`: the words the learner marked as unknown in the placement reading.
public struct PlacementAnswerRequest: Codable, Hashable, Sendable {
    /// The marked words (words not in the passage are ignored).
    public var marked: [String]

    /// Creates a request.
    public init(marked: [String]) {
        self.marked = marked
    }
}

/// The answer to `POST /api/v1/placement`: the proposed level, and the estimate with the placement counted.
public struct PlacementResultDTO: Codable, Hashable, Sendable {
    /// The level the placement alone suggests (saved as the reader's level); nil if it cannot say.
    public var proposedLevel: Int?
    /// The placement's credible interval.
    public var confidenceInterval: ProficiencyDTO.LevelRange?
    /// Passage words marked.
    public var wordsMarked: Int
    /// Distinct passage words.
    public var wordsInPassage: Int
    /// The estimate from all reading, with the placement counted.
    public var proficiency: ProficiencyDTO

    /// Creates the answer.
    public init(
        proposedLevel: Int?, confidenceInterval: ProficiencyDTO.LevelRange?, wordsMarked: Int, wordsInPassage: Int,
        proficiency: ProficiencyDTO
    ) {
        self.proposedLevel = proposedLevel
        self.confidenceInterval = confidenceInterval
        self.wordsMarked = wordsMarked
        self.wordsInPassage = wordsInPassage
        self.proficiency = proficiency
    }
}
