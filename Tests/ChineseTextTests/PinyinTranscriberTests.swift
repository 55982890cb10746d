import ChineseText
import Testing

@Suite("PinyinTranscriber")
struct PinyinTranscriberTests {
    private static func transcriber() throws -> PinyinTranscriber {
        let resources = try TestResources.resources()
        return PinyinTranscriber(resources: resources, segmenter: resources.makeSegmenter())
    }

    @Test(
        "A word is read as a word",
        arguments: [
            ("银行", "yínháng"),
            ("行走", "xíngzǒu"),
            ("长大", "zhǎngdà"),
            ("长城", "Chángchéng"),
            ("了解", "liǎojiě"),
            ("的确", "díquè"),
            ("还是", "háishi"),
            ("月亮", "yuèliang"),
            ("銀行", "yínháng"),
        ])
    func wordReadingComesFromTheWord(text: String, reading: String) throws {
        // Given a word whose characters have several readings
        // When it is transcribed
        let tokens = try Self.transcriber().transcribe(text)

        // Then the reading is the word's, not each character's most common one
        #expect(tokens.map(\.marked).joined(separator: " ") == reading)
    }

    @Test func sentenceFinalLeIsNeutral() throws {
        let tokens = try Self.transcriber().transcribe("我吃了")

        let le = try #require(tokens.first { $0.token.text == "了" })
        #expect(le.marked == "le")
        #expect(le.numbered == "le5")
    }

    @Test func numberedReadingsAreSpaceSeparated() throws {
        let tokens = try Self.transcriber().transcribe("银行")

        #expect(tokens.map(\.numbered) == ["yin2 hang2"])
    }

    @Test func everyScalarGetsAReadingSlot() throws {
        // Given mixed text
        let tokens = try Self.transcriber().transcribe("我有iPhone 15，很好！")

        // Then each token has one reading per scalar, nil for everything but Han
        for token in tokens {
            #expect(token.syllables.count == token.token.text.unicodeScalars.count)
            for (scalar, syllable) in zip(token.token.text.unicodeScalars, token.syllables) {
                #expect((syllable != nil) == scalar.properties.isIdeographic, "\(scalar) in \(token.token.text)")
            }
        }
        #expect(tokens.first { $0.token.text == "iPhone" }?.marked == "")
    }

    @Test func characterOutsideCEDICTGetsItsCharacterReading() throws {
        // Given a character with no CEDICT entry (from char-readings.tsv)
        let tokens = try Self.transcriber().transcribe("乁")

        // Then its most common reading is used
        #expect(tokens.map(\.numbered) == ["yi2"])
    }

    @Test func nameAndRuleTokensAreReadCharacterByCharacter() throws {
        let tokens = try Self.transcriber().transcribe("三百五十")

        #expect(tokens.map(\.numbered) == ["san1 bai3 wu3 shi2"])
    }

    @Test func vowelInitialSyllableGetsAnApostrophe() throws {
        let tokens = try Self.transcriber().transcribe("西安")

        #expect(tokens.map(\.marked) == ["Xī'ān"])
    }

    @Test(
        "Single-character words read by the word before them",
        arguments: [
            ("这个", "zhe4 ge5"),
            ("三个", "san1 ge5"),
            ("他说得很好", "ta1 shuo1 de5 hen3 hao3"),
            ("他得了金牌", "ta1 de2 le5 jin1 pai2"),
            ("一点儿", "yi1 dian3 r5"),
        ])
    func contextualReadingFollowsThePreviousWord(text: String, expected: String) throws {
        let tokens = try Self.transcriber().transcribe(text)

        #expect(tokens.map(\.numbered).joined(separator: " ") == expected)
    }

    @Test func deiOfObligationIsNotTheComplementParticle() throws {
        // Given 得 děi "must" after a pronoun, not after a predicate
        let tokens = try Self.transcriber().transcribe("我得走了")

        // Then it is not read as the complement particle de
        let de = try #require(tokens.first { $0.token.text == "得" })
        #expect(de.numbered == "dei3")
    }

    @Test func toneSandhiIsOffByDefault() throws {
        // Given the default options
        #expect(PinyinTranscriber.Options().toneSandhi == false)

        // When a 3-3 pair and 一 are transcribed
        let transcriber = try Self.transcriber()
        let hello = transcriber.transcribe("你好")
        let one = transcriber.transcribe("一个")

        // Then citation tones are printed (个 after a numeral is neutral, as textbooks print it)
        #expect(hello.map(\.numbered).joined(separator: " ") == "ni3 hao3")
        #expect(one.map(\.numbered).joined(separator: " ") == "yi1 ge5")
    }

    @Test func citationReadingOfBuShiIsFourthFourth() throws {
        // Given 不是 "is not", by far its most common use
        let tokens = try Self.transcriber().transcribe("这不是我的")

        // Then its citation reading is bù shì
        let buShi = try #require(tokens.first { $0.token.text == "不是" })
        #expect(buShi.numbered == "bu4 shi4")
    }
}
