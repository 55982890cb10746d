import Testing

@testable import Reading

@Suite struct WordMarkRulesTests {
    @Test(arguments: [(" 月亮 ", "月亮"), ("ice cream", "ice cream"), ("iPhone", "iPhone")])
    func validWordsAreTrimmed(input: String, expected: String) throws {
        #expect(try WordMarkRules.validatedWord(input) == expected)
    }

    @Test(arguments: ["", "  ", "。！", "月\n亮", String(repeating: "字", count: 33)])
    func invalidWordsAreRefused(input: String) {
        #expect(throws: ReadingError.self) { try WordMarkRules.validatedWord(input) }
    }

    @Test func sentencesAreTrimmedAndClamped() {
        #expect(WordMarkRules.clampedSentence("  ") == nil)
        #expect(WordMarkRules.clampedSentence(String(repeating: "长", count: 400))?.count == 300)
    }
}

@Suite struct BookRulesTests {
    @Test(arguments: [("  月亮\n的故事 ", "月亮 的故事"), ("A\u{0}B", "A B")])
    func titlesAreCleaned(input: String, expected: String) throws {
        #expect(try BookRules.validatedTitle(input) == expected)
    }

    @Test func emptyAndOverlongTitlesAreRefused() {
        #expect(throws: ReadingError.titleMissing) { try BookRules.validatedTitle(" \n ") }
        #expect(throws: ReadingError.titleTooLong(limit: 200)) {
            try BookRules.validatedTitle(String(repeating: "长", count: 201))
        }
    }

    @Test func draftsNeedText() {
        let empty = BookDraft(title: "x", source: .pasted, pages: [PageDraft(text: "  ")])
        #expect(throws: ReadingError.emptyText) { try BookRules.validate(empty) }
    }
}

@Suite struct ReaderSettingsTests {
    @Test(arguments: [
        (ReaderSettings.PinyinDisplay.off, 7, false), (.all, 1, true), (.beyondLevel, 3, false),
        (.beyondLevel, 4, true),
    ])
    func pinyinFollowsTheSetting(mode: ReaderSettings.PinyinDisplay, wordLevel: Int, shows: Bool) {
        #expect(ReaderSettings(pinyin: mode, level: 3).showsPinyin(forLevel: wordLevel) == shows)
    }

    @Test func unlistedWordsCountAsBeyondTheLevel() {
        #expect(ReaderSettings(pinyin: .beyondLevel, level: 6).showsPinyin(forLevel: nil))
    }

    @Test func outOfRangeValuesFallBackToDefaults() {
        let settings = ReaderSettings(fontSize: 13, level: 9)
        #expect(settings.fontSize == 16)
        #expect(settings.level == 6)
    }
}
