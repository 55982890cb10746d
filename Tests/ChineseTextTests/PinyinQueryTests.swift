import ChineseText
import Testing

@Suite("PinyinQuery")
struct PinyinQueryTests {
    @Test(
        "A query is reduced to its letters, ü as v",
        arguments: [
            ("yueliang", "yueliang", false),
            ("yue4liang", "yueliang", true),
            ("yuèliàng", "yueliang", true),
            ("yue4 liang4", "yueliang", true),
            ("YueLiang", "yueliang", false),
            ("lv4", "lv", true),
            ("lu:4", "lv", true),
            ("nü3", "nv", true),
            ("lǜ", "lv", true),
        ])
    func queryIsReducedToItsKey(text: String, key: String, hasTones: Bool) throws {
        // Given what a learner typed
        // When it is parsed as a pinyin query
        let query = try #require(PinyinQuery(text))

        // Then the key holds letters only and the tones are noted
        #expect(query.key == key)
        #expect(query.hasTones == hasTones)
    }

    @Test("A query without letters is nil", arguments: ["", "   ", "1234", "月亮", "·"])
    func queryWithoutLettersIsNil(text: String) {
        #expect(PinyinQuery(text) == nil)
    }

    @Test(
        "Letters that spell pinyin syllables are valid pinyin",
        arguments: ["yueliang", "yue4liang", "yuèliàng", "lv4", "nü3", "xian", "zhongguo", "huar"])
    func pinyinSpellingIsValid(text: String) throws {
        let query = try #require(PinyinQuery(text))

        #expect(query.isValidPinyin)
    }

    @Test("English words that no syllables spell are not valid pinyin", arguments: ["qwerty", "street", "bvx"])
    func englishIsNotValidPinyin(text: String) throws {
        let query = try #require(PinyinQuery(text))

        #expect(!query.isValidPinyin)
    }

    @Test func moonIsNotValidPinyin() throws {
        // Given the English word the documentation uses as its example of non-pinyin
        let query = try #require(PinyinQuery("moon"))

        // Then it is not valid pinyin
        #expect(!query.isValidPinyin)
    }

    @Test func queriesDifferingOnlyInTonesShareTheirKey() throws {
        let toneless = try #require(PinyinQuery("yueliang"))
        let marked = try #require(PinyinQuery("yuèliàng"))

        #expect(toneless.key == marked.key)
        #expect(toneless != marked)
    }
}
