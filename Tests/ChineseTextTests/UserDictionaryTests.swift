import ChineseText
import Foundation
import Testing

@Suite("UserDictionary")
struct UserDictionaryTests {
    // MARK: The value

    @Test func newDictionaryIsEmpty() {
        let dictionary = UserDictionary()

        #expect(dictionary.isEmpty)
        #expect(dictionary.overrides.isEmpty)
    }

    @Test func addedWordIsOneOverridePart() {
        var dictionary = UserDictionary()

        dictionary.addWord("研究生命")

        #expect(dictionary.overrides == ["研究生命": ["研究生命"]])
    }

    @Test func splitIsKeyedByItsConcatenationAndDropsEmptyParts() {
        var dictionary = UserDictionary()

        dictionary.addSplit(["研究", "", " ", "生命"])

        #expect(dictionary.overrides == ["研究生命": ["研究", "生命"]])
    }

    @Test("Unusable words and splits are ignored", arguments: [[""], [" "], ["\t\n", "　"], []])
    func unusableOverrideIsIgnored(parts: [String]) {
        var dictionary = UserDictionary()

        dictionary.addSplit(parts)
        for part in parts { dictionary.addWord(part) }

        #expect(dictionary.isEmpty)
    }

    @Test func laterOverrideOfTheSameTextReplacesTheEarlierOne() {
        var dictionary = UserDictionary()

        dictionary.addWord("研究生命")
        dictionary.addSplit(["研究", "生命"])

        #expect(dictionary.overrides == ["研究生命": ["研究", "生命"]])
    }

    @Test func removeForgetsTheOverride() {
        var dictionary = UserDictionary()
        dictionary.addWord("研究生命")

        dictionary.remove("研究生命")
        dictionary.remove("never added")

        #expect(dictionary.isEmpty)
    }

    @Test func copiesAreIndependentValues() {
        // Given a dictionary and a copy of it
        var original = UserDictionary()
        original.addWord("研究生命")
        var copy = original

        // When the copy is changed
        copy.addWord("起源")
        copy.remove("研究生命")

        // Then the original is unchanged, and the two are no longer equal
        #expect(original.overrides == ["研究生命": ["研究生命"]])
        #expect(copy.overrides == ["起源": ["起源"]])
        #expect(original != copy)
    }

    @Test func equalContentsAreEqualValues() {
        var first = UserDictionary()
        first.addWord("起源")
        first.addSplit(["研究", "生命"])
        var second = UserDictionary()
        second.addSplit(["研究", "生命"])
        second.addWord("起源")

        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }

    @Test func dictionaryRoundTripsThroughJSON() throws {
        var dictionary = UserDictionary()
        dictionary.addWord("研究生命")
        dictionary.addSplit(["北京", "大学"])

        let decoded = try JSONDecoder().decode(UserDictionary.self, from: JSONEncoder().encode(dictionary))

        #expect(decoded == dictionary)
    }

    // MARK: In the segmenter

    @Test func addedWordBecomesOneUserToken() throws {
        // Given a text the model splits into 研究 / 生命
        var dictionary = UserDictionary()
        #expect(try TestResources.segmenter().segment("研究生命的起源").map(\.text).prefix(2) == ["研究", "生命"])

        // When the learner adds 研究生命 as a word
        dictionary.addWord("研究生命")
        let tokens = try TestResources.segmenter(userDictionary: dictionary).segment("研究生命的起源")

        // Then it is one token from the user
        #expect(tokens.map(\.text) == ["研究生命", "的", "起源"])
        #expect(tokens.first?.source == .user)
        #expect(tokens.first?.kind == .chineseWord)
    }

    @Test func addedSplitForcesTheParts() throws {
        // Given a word taught as one token, then a split of the same text
        var dictionary = UserDictionary()
        dictionary.addWord("研究生命")
        dictionary.addSplit(["研究", "生命"])

        // When the text is segmented
        let tokens = try TestResources.segmenter(userDictionary: dictionary).segment("研究生命的起源")

        // Then the split wins and both parts come from the user
        #expect(tokens.map(\.text) == ["研究", "生命", "的", "起源"])
        #expect(tokens.prefix(2).allSatisfy { $0.source == .user })
    }

    @Test func splitOverridesADictionaryWord() throws {
        // Given a headword the model keeps whole
        #expect(try TestResources.segmenter().segment("北京大学").map(\.text) == ["北京大学"])
        var dictionary = UserDictionary()

        // When the learner splits it
        dictionary.addSplit(["北京", "大学"])
        let tokens = try TestResources.segmenter(userDictionary: dictionary).segment("我在北京大学学习")

        // Then it is cut where the learner said, everywhere it occurs
        #expect(tokens.map(\.text).contains("北京"))
        #expect(tokens.map(\.text).contains("大学"))
        #expect(!tokens.map(\.text).contains("北京大学"))
    }

    @Test func removingAnOverrideRestoresTheModel() throws {
        // Given a segmenter whose user dictionary splits 北京大学
        var segmenter = try TestResources.segmenter()
        let before = segmenter.segment("北京大学很大")
        var dictionary = UserDictionary()
        dictionary.addSplit(["北京", "大学"])
        segmenter.userDictionary = dictionary
        #expect(segmenter.segment("北京大学很大") != before)

        // When the override is removed and the dictionary set again
        dictionary.remove("北京大学")
        segmenter.userDictionary = dictionary

        // Then the model's segmentation is back
        #expect(segmenter.segment("北京大学很大") == before)
    }

    @Test func segmenterKeepsTheDictionaryItWasGiven() throws {
        // Given a segmenter made with a dictionary
        var dictionary = UserDictionary()
        dictionary.addWord("研究生命")
        let segmenter = try TestResources.segmenter(userDictionary: dictionary)

        // When the caller's copy changes afterwards
        dictionary.remove("研究生命")

        // Then the segmenter still uses the value it was given
        #expect(segmenter.userDictionary.overrides == ["研究生命": ["研究生命"]])
        #expect(segmenter.segment("研究生命").map(\.text) == ["研究生命"])
    }

    @Test func userWordNeverCutsALatinWord() throws {
        // Given a user word that would end inside a run of letters
        var dictionary = UserDictionary()
        dictionary.addWord("好i")
        let segmenter = try TestResources.segmenter(userDictionary: dictionary)

        // When the run continues past it
        let tokens = segmenter.segment("很好iPhone")

        // Then the override is skipped and iPhone stays whole
        #expect(tokens.map(\.text).contains("iPhone"))
        expectTokensTile("很好iPhone", tokens)
    }
}
