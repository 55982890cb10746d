import ChineseText
import Testing

@Suite("TextGrader")
struct TextGradeTests {
    private static func grader() throws -> TextGrader {
        let resources = try TestResources.resources()
        return TextGrader(resources: resources, segmenter: resources.makeSegmenter())
    }

    private static let hardText = "经济全球化的背景下，企业必须不断提高自主创新能力，以应对日益激烈的国际竞争。"

    @Test func simpleTextIsLevelOneUnderHSK3() throws {
        // When a beginner's sentence is graded
        let profile = try #require(Self.grader().grade("我是中国人。", standards: [.hsk3]).first)

        // Then it is level 1 by words and by characters
        #expect(profile.standard == .hsk3)
        #expect(profile.level == 1)
        #expect(profile.characterLevel == 1)
        #expect(profile.levelLabel == "1")
    }

    @Test func harderTextGradesHigher() throws {
        let grader = try Self.grader()

        let simple = try #require(grader.grade("我是中国人。", standards: [.hsk3]).first)
        let hard = try #require(grader.grade(Self.hardText, standards: [.hsk3]).first)

        #expect((hard.level ?? Int.max) > (simple.level ?? Int.max))
        #expect((hard.characterLevel ?? Int.max) > (simple.characterLevel ?? Int.max))
    }

    @Test("Coverage never falls as the level rises", arguments: HSKStandard.allCases)
    func coverageIsMonotone(standard: HSKStandard) throws {
        let profile = try #require(Self.grader().grade(Self.hardText, standards: [standard]).first)

        #expect(profile.tokenCoverage.map(\.level) == standard.levels)
        #expect(profile.characterCoverage.map(\.level) == standard.levels)
        for coverage in [profile.tokenCoverage, profile.characterCoverage] {
            let shares = coverage.map(\.share)
            #expect(zip(shares, shares.dropFirst()).allSatisfy { $0 <= $1 }, "\(shares)")
            #expect(shares.allSatisfy { (0...1).contains($0) })
        }
    }

    @Test func levelIsTheFirstLevelReachingTheThreshold() throws {
        let grader = try Self.grader()

        let profile = try #require(grader.grade(Self.hardText, standards: [.hsk3]).first)

        let expected = profile.tokenCoverage.first { $0.share >= grader.threshold - 1e-9 }?.level
        #expect(profile.level == expected)
    }

    @Test func namesAreNotGraded() throws {
        // Given a sentence with a person's name the unknown-word model recognises
        let text = "我叫陈婷婷。"
        let tokens = try TestResources.segmenter().segment(text)
        let name = try #require(tokens.first { $0.source == .name })

        // When it is graded
        let profile = try #require(Self.grader().grade(text, standards: [.hsk3]).first)

        // Then only 我 and 叫 count, and the name's characters are not graded
        #expect(profile.tokenCount == 2)
        #expect(profile.characterCount == 2)
        #expect(!profile.wordsByLevel.flatMap(\.items).contains(name.text))
        #expect(profile.level == 1)
    }

    @Test func traditionalTextGradesLikeItsSimplifiedForm() throws {
        // Given the same sentence in both scripts
        let grader = try Self.grader()
        let simplified = try #require(grader.grade("他说银行在哪里", standards: [.hsk3]).first)
        #expect(simplified.level != nil)

        // When the traditional form is graded
        let traditional = try #require(grader.grade("他說銀行在哪裡", standards: [.hsk3]).first)

        // Then it gets the same level: the words are the same words
        #expect(traditional.level == simplified.level)
        #expect(traditional.characterLevel == simplified.characterLevel)
    }

    @Test func properNounsOutsideTheListsAreNotGraded() throws {
        let profile = try #require(Self.grader().grade("我去巴黎。", standards: [.hsk3]).first)

        #expect(!profile.wordsByLevel.flatMap(\.items).contains("巴黎"))
        #expect(profile.tokenCount == 2)
    }

    @Test func numbersAndPunctuationAreNotGraded() throws {
        let profile = try #require(Self.grader().grade("三百五十，2024年！", standards: [.hsk3]).first)

        #expect(profile.tokenCount == 0)
        #expect(profile.level == nil)
    }

    @Test("Empty text has no level and zero counts", arguments: ["", "   ", "。！", "Hello world"])
    func emptyTextHasNoLevel(text: String) throws {
        let profiles = try Self.grader().grade(text)

        #expect(profiles.map(\.standard) == HSKStandard.allCases)
        for profile in profiles {
            #expect(profile.level == nil)
            #expect(profile.characterLevel == nil)
            #expect(profile.tokenCount == 0)
            #expect(profile.characterCount == 0)
            #expect(profile.tokenCoverage.allSatisfy { $0.share == 0 })
            #expect(profile.wordsByLevel.isEmpty)
            #expect(profile.charactersByLevel.isEmpty)
        }
    }

    @Test func wordsAreGroupedByLevelOnceEach() throws {
        let profile = try #require(Self.grader().grade("我是我，你是你。", standards: [.hsk3]).first)

        let items = profile.wordsByLevel.flatMap(\.items)
        #expect(items == ["我", "是", "你"])
        #expect(profile.tokenCount == 6)
        #expect(profile.wordsByLevel.first?.level == 1)
    }

    @Test func standardsAreGradedInTheOrderAsked() throws {
        let profiles = try Self.grader().grade("我是中国人。", standards: [.hsk2, .hsk3])

        #expect(profiles.map(\.standard) == [.hsk2, .hsk3])
        #expect(profiles.map(\.level) == [1, 1])
    }

    @Test func textBeyondTheListsIsLabelledBeyondTheStandard() throws {
        var grader = try Self.grader()
        grader.threshold = 1.01

        let profile = try #require(grader.grade("我是中国人。", standards: [.hsk3]).first)

        #expect(profile.level == nil)
        #expect(profile.levelLabel == "beyond HSK 3.0 (2021 standard)")
    }

    @Test func namesTheHSKListsTeachAreGraded() throws {
        // Given a text whose only names are HSK words (中国, 北京)
        let grader = TextGrader(resources: try TestResources.resources(), segmenter: try TestResources.segmenter())

        // When it is graded
        let profile = try #require(grader.grade("我是中国人，我住在北京。", standards: [.hsk3]).first)

        // Then they count, as level-1 words
        let levelOne = profile.wordsByLevel.first { $0.level == 1 }?.items ?? []
        #expect(levelOne.contains("中国"))
        #expect(levelOne.contains("北京"))
    }
}
