import ChineseText
import Learning
import Reading

extension Strings {
    /// The progress, placement and word-list pages' text.
    subscript(_ key: ProgressKey) -> String {
        switch language {
        case .english: key.english
        case .simplifiedChinese: key.chinese
        }
    }

    /// Keys of the progress, placement and word-list pages' text.
    enum ProgressKey {
        case progress, yourLevel, likely, notEnoughReading, mastery, masteryHelp, textsRead, wordsMarkedTotal
        case wordsMarkedWeek, readingTimeWeek, estimateOverTime, chartEmpty, chartDescription, date
        case wordList, sortBy, sortDate, sortLevel, sortTimesMarked, order, newestFirst, oldestFirst, book, allBooks
        case level, allLevels, unlisted, status, statusMarked, statusLearned, statusAll, apply, exportCSV
        case word, pinyin, meaning, timesMarked, marked, noWords, wordsShown, deletedBook
        case placement, placementIntro, placementHow, placementStart, placementSkip, placementOffer
        case placementOfferTitle, screenOf, dontKnowAll, finish, placementResult, proposedLevel
        case placementMarkedCount, placementSaved, readAtLevel, seeProgress, retakePlacement, byLevel
        case seen, standardUsed, recommendation, recReadMore, recTooEasy, recComfortable, recChallenging, recTooHard
        case tapUnknown, hours, minutesShort, placementEstimate, readingEstimate, now

        var english: String {
            switch self {
            case .progress: "Progress"
            case .yourLevel: "Your level"
            case .likely: "likely"
            case .notEnoughReading: "Not enough reading yet"
            case .mastery: "Mastery"
            case .masteryHelp: "Share of the words you have seen that you know"
            case .textsRead: "Texts read"
            case .wordsMarkedTotal: "Words marked"
            case .wordsMarkedWeek: "Marked this week"
            case .readingTimeWeek: "Reading this week"
            case .estimateOverTime: "Your level over time"
            case .chartEmpty: "Your level appears here once you have read a little or done the placement reading."
            case .chartDescription: "Estimated HSK level over time; the band is the 80% interval."
            case .date: "Show the numbers"
            case .wordList: "Word list"
            case .sortBy: "Sort by"
            case .sortDate: "Date"
            case .sortLevel: "HSK level"
            case .sortTimesMarked: "Times marked"
            case .order: "Order"
            case .newestFirst: "Descending"
            case .oldestFirst: "Ascending"
            case .book: "Book"
            case .allBooks: "All books"
            case .level: "Level"
            case .allLevels: "All levels"
            case .unlisted: "Not in HSK"
            case .status: "Show"
            case .statusMarked: "Marked now"
            case .statusLearned: "Unmarked (learnt)"
            case .statusAll: "All"
            case .apply: "Apply"
            case .exportCSV: "Download CSV"
            case .word: "Word"
            case .pinyin: "Pinyin"
            case .meaning: "Meaning"
            case .timesMarked: "Times marked"
            case .marked: "Marked"
            case .noWords: "No words here yet. Tap a word while reading and choose Mark difficult."
            case .wordsShown: "words"
            case .deletedBook: "deleted book"
            case .placement: "Placement reading"
            case .placementIntro:
                "Find your level in about three minutes: six short screens of sentences, from HSK 1 to HSK 6."
            case .placementHow:
                "Tap every word you do not know. Leave a word unmarked only if you know what it means here. No dictionary, no guessing."
            case .placementStart: "Start the placement reading"
            case .placementSkip: "Skip, I'll just read"
            case .placementOffer: "New here? A short placement reading finds your level, so pinyin and books fit you."
            case .placementOfferTitle: "Find your level"
            case .screenOf: "Screen"
            case .dontKnowAll: "I don't know most of these"
            case .finish: "See my level"
            case .placementResult: "Your placement"
            case .proposedLevel: "Proposed level"
            case .placementMarkedCount: "words marked as unknown, of"
            case .placementSaved: "Saved as your level in Settings (used for pinyin above harder words)."
            case .readAtLevel: "Read a graded reader at this level"
            case .seeProgress: "See your progress"
            case .retakePlacement: "Take the placement reading again"
            case .byLevel: "Words by level"
            case .seen: "Seen"
            case .standardUsed: "Levels are"
            case .recommendation: "What to read"
            case .recReadMore: "Read a little more, or do the placement reading, to get a level."
            case .recTooEasy: "You know nearly every word: try harder texts."
            case .recComfortable: "A good level: you read fluently and still meet new words."
            case .recChallenging: "Challenging: good for study, slower to read."
            case .recTooHard: "Too many unknown words: easier texts will help."
            case .tapUnknown: "Tap the words you don't know"
            case .hours: "h"
            case .minutesShort: "min"
            case .placementEstimate: "placement"
            case .readingEstimate: "reading"
            case .now: "now"
            }
        }

        var chinese: String {
            switch self {
            case .progress: "进度"
            case .yourLevel: "你的水平"
            case .likely: "可能在"
            case .notEnoughReading: "阅读还不够多"
            case .mastery: "掌握度"
            case .masteryHelp: "你读过的词中认识的比例"
            case .textsRead: "读过的文本"
            case .wordsMarkedTotal: "标记的生词"
            case .wordsMarkedWeek: "本周标记"
            case .readingTimeWeek: "本周阅读"
            case .estimateOverTime: "水平变化"
            case .chartEmpty: "读一点书或完成分级阅读后，这里会显示你的水平。"
            case .chartDescription: "估计的 HSK 水平随时间的变化；色带为 80% 区间。"
            case .date: "显示数据"
            case .wordList: "生词表"
            case .sortBy: "排序"
            case .sortDate: "日期"
            case .sortLevel: "HSK 等级"
            case .sortTimesMarked: "标记次数"
            case .order: "顺序"
            case .newestFirst: "降序"
            case .oldestFirst: "升序"
            case .book: "书"
            case .allBooks: "所有书"
            case .level: "等级"
            case .allLevels: "所有等级"
            case .unlisted: "不在 HSK 中"
            case .status: "显示"
            case .statusMarked: "当前标记"
            case .statusLearned: "已取消标记（学会了）"
            case .statusAll: "全部"
            case .apply: "应用"
            case .exportCSV: "下载 CSV"
            case .word: "词"
            case .pinyin: "拼音"
            case .meaning: "释义"
            case .timesMarked: "标记次数"
            case .marked: "标记于"
            case .noWords: "这里还没有词。阅读时点一个词，选择“标记生词”。"
            case .wordsShown: "个词"
            case .deletedBook: "已删除的书"
            case .placement: "分级阅读"
            case .placementIntro: "大约三分钟找到你的水平：六个短页面，从 HSK 1 到 HSK 6。"
            case .placementHow: "点出每一个你不认识的词。只有确实知道意思的词才不要点。不查词典，不猜。"
            case .placementStart: "开始分级阅读"
            case .placementSkip: "跳过，直接阅读"
            case .placementOffer: "第一次来？做一个简短的分级阅读，找到你的水平，让拼音和书更适合你。"
            case .placementOfferTitle: "找到你的水平"
            case .screenOf: "页面"
            case .dontKnowAll: "这些大多不认识"
            case .finish: "查看我的水平"
            case .placementResult: "分级结果"
            case .proposedLevel: "建议水平"
            case .placementMarkedCount: "个词标为不认识，共"
            case .placementSaved: "已保存为设置中的水平（用于在较难的词上显示拼音）。"
            case .readAtLevel: "阅读这个水平的分级读物"
            case .seeProgress: "查看进度"
            case .retakePlacement: "重新做分级阅读"
            case .byLevel: "各等级的词"
            case .seen: "读过"
            case .standardUsed: "等级标准"
            case .recommendation: "阅读建议"
            case .recReadMore: "再读一些，或做分级阅读，就能估计你的水平。"
            case .recTooEasy: "几乎每个词都认识：试试更难的文本。"
            case .recComfortable: "难度合适：读得流畅，也能遇到新词。"
            case .recChallenging: "有挑战：适合学习，读得较慢。"
            case .recTooHard: "生词太多：读容易一些的文本会更有帮助。"
            case .tapUnknown: "点出你不认识的词"
            case .hours: "小时"
            case .minutesShort: "分钟"
            case .placementEstimate: "分级阅读"
            case .readingEstimate: "阅读"
            case .now: "现在"
            }
        }
    }

    /// The text of a reading recommendation.
    func recommendation(_ key: String) -> String {
        switch key {
        case "tooEasy": self[ProgressKey.recTooEasy]
        case "comfortable": self[ProgressKey.recComfortable]
        case "challenging": self[ProgressKey.recChallenging]
        case "tooHard": self[ProgressKey.recTooHard]
        default: self[ProgressKey.recReadMore]
        }
    }

    /// A level interval: "likely HSK 2–4", or "likely HSK 6 to 7–9" when a label is itself a range.
    func likelyLevels(_ interval: LevelInterval, standard: HSKStandard) -> String {
        let low = standard.label(interval.min)
        let high = standard.label(interval.max)
        let likely = self[ProgressKey.likely]
        guard interval.max > interval.min else { return "\(likely) HSK \(low) (80%)" }
        let joiner = high.contains("–") ? (language == .english ? " to " : " 至 ") : "–"
        return "\(likely) HSK \(low)\(joiner)\(high) (80%)"
    }

    /// A duration such as "1 h 5 min" or "12 min".
    func duration(seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        if minutes < 60 { return "\(minutes) \(self[ProgressKey.minutesShort])" }
        return "\(minutes / 60) \(self[ProgressKey.hours]) \(minutes % 60) \(self[ProgressKey.minutesShort])"
    }
}
