import ChineseText
import Testing

@Suite("LatticeSegmenter")
struct LatticeSegmenterTests {
    static let losslessInputs: [String] = [
        "",
        " ",
        "   \t  ",
        "\n",
        "\r\n\r\n",
        "第一行\r\n第二行\r\n",
        "名字\t年龄\t城市",
        "👨‍👩‍👧",
        "我们一家👨‍👩‍👧很幸福👍🏽！",
        "🇨🇳中国",
        "1️⃣二三",
        "e\u{301}te\u{301}",
        "\u{301}好",
        "好\u{301}\u{302}字",
        "𠮷野家",
        "𠮷",
        "ｉＰｈｏｎｅ　１５",
        "iPhone 15 Pro很好用。",
        "卡拉ＯＫ和卡拉OK",
        "こんにちは、世界！",
        "안녕하세요 세계",
        "Привет, мир! Γειά σου",
        "مرحبا بالعالم",
        "价格是3.5%，A-AVG，U.S.A.",
        "他说：“你好……”——然后走了。",
        "\u{200D}\u{FE0F}",
        "\u{0}\u{1}\u{7F}",
        "\u{2028}\u{2029}\u{85}\u{A0}",
    ]

    @Test("Segmentation is lossless and its ranges match the input", arguments: losslessInputs)
    func segmentationIsLossless(input: String) throws {
        // Given any text
        let segmenter = try TestResources.segmenter()

        // When it is segmented
        let tokens = segmenter.segment(input)

        // Then the tokens tile it exactly, in UTF-16 and in scalars
        expectTokensTile(input, tokens)
    }

    @Test func emptyTextHasNoTokens() throws {
        let segmenter = try TestResources.segmenter()

        #expect(segmenter.segment("").isEmpty)
    }

    @Test func surrogatePairHanHasTwoUTF16UnitsAndOneCharacter() throws {
        let segmenter = try TestResources.segmenter()

        // When a character outside the BMP is segmented
        let tokens = segmenter.segment("𠮷a")

        // Then its ranges count two UTF-16 units but one scalar
        let han = try #require(tokens.first)
        #expect(han.text == "𠮷")
        #expect(han.kind == .chineseWord)
        #expect(han.utf16Range == 0..<2)
        #expect(han.characterRange == 0..<1)
        #expect(tokens.last?.utf16Range == 2..<3)
        #expect(tokens.last?.characterRange == 1..<2)
    }

    @Test func mixedLatinAndChineseGetsTheirKinds() throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment("iPhone 15 Pro很好用。")

        #expect(tokens.prefix(5).map(\.text) == ["iPhone", " ", "15", " ", "Pro"])
        #expect(tokens.prefix(5).map(\.kind) == [.latinWord, .whitespace, .number, .whitespace, .latinWord])
        #expect(tokens.last?.text == "。")
        #expect(tokens.last?.kind == .punctuation)
        #expect(tokens.dropFirst(5).dropLast().allSatisfy { $0.kind == .chineseWord })
        #expect(tokens.dropFirst(5).dropLast().map(\.text).joined() == "很好用")
    }

    @Test func fullWidthLettersAndDigitsAreOneTokenEach() throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment("ｉＰｈｏｎｅ　１５")

        #expect(tokens.map(\.text) == ["ｉＰｈｏｎｅ", "　", "１５"])
        #expect(tokens.map(\.kind) == [.latinWord, .whitespace, .number])
    }

    @Test(
        "Each kind of text gets its token kind",
        arguments: [
            ("Hello", TokenKind.latinWord),
            ("A-AVG", .latinWord),
            ("42", .number),
            ("3.5%", .number),
            ("，", .punctuation),
            ("……", .punctuation),
            ("!!!", .punctuation),
            (" \t", .whitespace),
            ("\r\n", .whitespace),
            ("　", .whitespace),
            ("👨‍👩‍👧", .other),
            ("👍🏽", .other),
            ("こんにちは", .other),
            ("안녕", .other),
            ("月亮", .chineseWord),
        ])
    func textGetsItsKind(text: String, kind: TokenKind) throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment(text)

        #expect(tokens.map(\.kind) == [kind], "\(tokens.map(\.text))")
    }

    @Test func differentPunctuationMarksAreSeparateTokens() throws {
        let segmenter = try TestResources.segmenter()

        #expect(segmenter.segment("！？").map(\.text) == ["！", "？"])
    }

    @Test(
        "Ambiguous strings are cut where a reader would cut them",
        arguments: [
            ("结婚的和尚未结婚的", ["结婚", "的", "和", "尚未", "结婚", "的"]),
            ("研究生命的起源", ["研究", "生命", "的", "起源"]),
            ("他说的确实在理", ["他", "说", "的", "确实", "在", "理"]),
            ("我爱北京天安门", ["我", "爱", "北京", "天安门"]),
        ])
    func ambiguousStringIsCutCorrectly(text: String, words: [String]) throws {
        let segmenter = try TestResources.segmenter()

        #expect(segmenter.segment(text).map(\.text) == words)
    }

    @Test("Numbers and dates are one rule token", arguments: ["三百五十", "2024年", "二十一日", "第三章", "第3章", "一九四九年"])
    func numberExpressionIsOneToken(text: String) throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment(text)

        #expect(tokens.map(\.text) == [text])
        #expect(tokens.first?.kind == .number)
    }

    @Test func ordinalWithMeasureWordIsANumber() throws {
        // Given 第一次, which is also a CEDICT headword
        let segmenter = try TestResources.segmenter()

        // When it is segmented
        let tokens = segmenter.segment("第一次")

        // Then the ordinal rule wins: one token of kind number
        #expect(tokens.map(\.text) == ["第一次"])
        #expect(tokens.first?.kind == .number)
        #expect(tokens.first?.source == .rule)
    }

    @Test func numberInsideASentenceIsOneToken() throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment("他2024年去了三百五十次")

        #expect(tokens.contains { $0.text == "2024年" && $0.kind == .number && $0.source == .rule })
        #expect(tokens.contains { $0.text == "三百五十" && $0.kind == .number })
    }

    @Test func traditionalTextSegmentsWithTraditionalHeadwords() throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment("他說銀行在哪裡")

        let bank = try #require(tokens.first { $0.text == "銀行" })
        #expect(bank.kind == .chineseWord)
        #expect(bank.source == .dictionary)
        #expect(tokens.map(\.text).contains("哪裡"))
    }

    @Test func fullWidthLettersMatchHeadwordsWrittenInASCII() throws {
        let resources = try TestResources.resources()
        let segmenter = resources.makeSegmenter()

        let tokens = segmenter.segment("卡拉ＯＫ")

        #expect(tokens.map(\.text) == ["卡拉ＯＫ"])
        #expect(tokens.first?.source == .dictionary)
        #expect(resources.lexicon.contains("卡拉ＯＫ".foldingFullWidth))
    }

    @Test func headwordMayIncludeLettersButNeverCutsThem() throws {
        let segmenter = try TestResources.segmenter()

        #expect(segmenter.segment("T恤").map(\.text) == ["T恤"])
        #expect(segmenter.segment("我的iPhone很好").map(\.text).contains("iPhone"))
    }

    @Test func namesAreJoinedByTheUnknownWordModel() throws {
        let segmenter = try TestResources.segmenter()

        let tokens = segmenter.segment("我叫陈婷婷。")

        let name = try #require(tokens.first { $0.text == "陈婷婷" })
        #expect(name.source == .name)
        #expect(name.kind == .chineseWord)
    }

    @Test(
        "Transliterated names become one name token",
        arguments: [("普鲁申科获得冠军", "普鲁申科"), ("玛丽娜是歌手", "玛丽娜"), ("罗森博格队", "罗森博格")])
    func transliteratedNamesAreJoined(text: String, name: String) throws {
        let tokens = try TestResources.segmenter().segment(text)

        let token = try #require(tokens.first { $0.text == name })
        #expect(token.source == .name)
    }

    @Test func commonPlaceWordsAreNotAbsorbedIntoNames() throws {
        let words = try TestResources.segmenter().segment("我去美国和法国").map(\.text)

        #expect(words == ["我", "去", "美国", "和", "法国"])
    }

    @Test(
        "A measure word after a number or demonstrative stays on its own",
        arguments: [
            ("一个人说", ["一", "个", "人", "说"]),
            ("每个人", ["每", "个", "人"]),
            ("三本书", ["三", "本", "书"]),
        ])
    func measureWordAfterNumberStaysSingle(text: String, expected: [String]) throws {
        let segmenter = try TestResources.segmenter()

        let words = segmenter.segment(text).map(\.text)

        #expect(words == expected)
    }

    @Test(
        "Dictionary tokens are CEDICT headwords",
        arguments: [
            "结婚的和尚未结婚的",
            "他說銀行在哪裡",
            "经济全球化的背景下，企业必须不断提高自主创新能力，以应对日益激烈的国际竞争。",
            "我们在研究生命的起源，iPhone 15 Pro很好用。",
            "中华人民共和国成立于一九四九年十月一日。",
        ])
    func dictionaryTokensAreHeadwords(text: String) throws {
        let resources = try TestResources.resources()
        let segmenter = resources.makeSegmenter()

        let tokens = segmenter.segment(text).filter { $0.kind == .chineseWord && $0.source == .dictionary }

        #expect(!tokens.isEmpty)
        for token in tokens {
            #expect(resources.lexicon.contains(token.text), "\(token.text) is not a headword")
        }
    }

    @Test func longInputSegmentsLosslessly() throws {
        // Given 200,000 characters of mixed text without a line break
        let segmenter = try TestResources.segmenter()
        let unit = "我们在研究生命的起源，iPhone 15 Pro很好用。他說銀行在哪裡？👨‍👩‍👧"
        let input = String(repeating: unit, count: 200_000 / unit.count + 1)
        #expect(input.count >= 200_000)

        // When it is segmented in one call
        let tokens = segmenter.segment(input)

        // Then nothing is lost and the last token ends at the end of the input
        #expect(tokens.map(\.text).joined() == input)
        #expect(tokens.last?.utf16Range.upperBound == input.utf16.count)
        #expect(tokens.last?.characterRange.upperBound == input.unicodeScalars.count)
    }

    @Test func textLongerThanAPieceIsSegmentedInPiecesWithWholeTextRanges() throws {
        // Given a text several pieces long, with no line break
        let segmenter = try TestResources.segmenter()
        let unit = "我们在研究生命的起源，他說銀行在哪裡？𠮷野家👨‍👩‍👧 "
        let input = String(repeating: unit, count: LatticeSegmenter.chunkLength * 2 / unit.unicodeScalars.count)

        // When it is streamed piece by piece
        var pieces = 0
        var tokens: [Token] = []
        segmenter.segment(input) { piece in
            pieces += 1
            tokens += piece
        }

        // Then it came in several pieces, tiles the input, and every range is in the whole text
        #expect(pieces > 1)
        #expect(tokens.map(\.text).joined() == input)
        let utf16 = Array(input.utf16)
        let scalars = Array(input.unicodeScalars)
        var expectedStart = 0
        for token in tokens {
            #expect(token.characterRange.lowerBound == expectedStart)
            expectedStart = token.characterRange.upperBound
            #expect(String(decoding: utf16[token.utf16Range], as: UTF16.self) == token.text)
            #expect(String(String.UnicodeScalarView(scalars[token.characterRange])) == token.text)
        }
        #expect(segmenter.segment(input) == tokens)
    }

    @Test func longHanRunWithoutPunctuationSegmentsLosslessly() throws {
        let segmenter = try TestResources.segmenter()
        let input = String(repeating: "研究生命起源", count: 20_000)

        let tokens = segmenter.segment(input)

        #expect(tokens.map(\.text).joined() == input)
    }

    @Test func segmenterConvenienceInitializerWorksWithoutNames() throws {
        let resources = try TestResources.resources()
        let segmenter = LatticeSegmenter(lexicon: resources.lexicon)

        let tokens = segmenter.segment("研究生命的起源")

        #expect(tokens.map(\.text) == ["研究", "生命", "的", "起源"])
    }
}
