import ChineseText
import Foundation
import Testing

@Suite("DictionaryEntry")
struct DictionaryEntryTests {
    @Test func cedictFieldsAreParsedIntoSensesAndMeasureWords() {
        // Given a CEDICT line's fields with a CL: sense
        let entry = DictionaryEntry(
            traditional: "銀行", simplified: "银行", pinyinNumbered: "yin2 hang2",
            senses: "/bank/CL:家[jia1],個|个[ge4]/")

        // Then the measure words are parsed and the senses keep only the meanings
        #expect(entry.senses == ["bank"])
        #expect(entry.pinyin == "yínháng")
        #expect(entry.measureWords.map(\.simplified) == ["家", "个"])
        #expect(entry.measureWords.map(\.traditional) == ["家", "個"])
        #expect(entry.measureWords.map(\.pinyinNumbered) == ["jia1", "ge4"])
        #expect(entry.measureWords.map(\.pinyin) == ["jiā", "gè"])
        #expect(!entry.isProperNoun)
        #expect(!entry.isSurname)
    }

    @Test func capitalisedReadingMarksAProperNoun() {
        let entry = DictionaryEntry(
            traditional: "北京", simplified: "北京", pinyinNumbered: "Bei3 jing1", senses: "/Beijing/")

        #expect(entry.isProperNoun)
        #expect(entry.pinyin == "Běijīng")
    }

    @Test func surnameSenseMarksASurname() {
        let entry = DictionaryEntry(
            traditional: "王", simplified: "王", pinyinNumbered: "Wang2", senses: "/surname Wang/")

        #expect(entry.isSurname)
    }

    @Test func variantSensesBecomeCrossReferences() throws {
        // Given an entry whose only sense points at another entry
        let entry = DictionaryEntry(
            traditional: "於", simplified: "於", pinyinNumbered: "yu2", senses: "/variant of 於|于[yu2]/")

        // Then the reference is parsed and the entry is a pure cross-reference
        let reference = try #require(entry.crossReferences.first)
        #expect(reference.relation == "variant of")
        #expect(reference.target.traditional == "於")
        #expect(reference.target.simplified == "于")
        #expect(reference.target.pinyinNumbered == "yu2")
        #expect(entry.isOnlyCrossReference)
    }

    @Test func ordinarySensesAreNotCrossReferences() {
        let entry = DictionaryEntry(
            traditional: "月亮", simplified: "月亮", pinyinNumbered: "yue4 liang5", senses: "/the moon/")

        #expect(entry.crossReferences.isEmpty)
        #expect(!entry.isOnlyCrossReference)
        #expect(
            entry.syllables == [PinyinSyllable(letters: "yue", tone: 4), PinyinSyllable(letters: "liang", tone: 5)])
    }

    @Test("Text that is not a CEDICT reference is rejected", arguments: ["", "bank", "[yu2]", "|"])
    func nonReferenceIsRejected(text: String) {
        #expect(WordReference(cedict: text) == nil)
    }

    @Test func entryRoundTripsThroughJSON() throws {
        let entry = DictionaryEntry(
            traditional: "書", simplified: "书", pinyinNumbered: "shu1", senses: "/book/CL:本[ben3]/")

        let decoded = try JSONDecoder().decode(DictionaryEntry.self, from: JSONEncoder().encode(entry))

        #expect(decoded == entry)
    }
}
