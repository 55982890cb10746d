import Foundation
import Testing

@Suite("umbrella grade")
struct GradeCommandTests {
    @Test func jsonPrintsProfilesForBothStandards() throws {
        // When a simple sentence is graded as JSON
        let result = try Umbrella.run(["grade", "--json", "我是中国人。"])

        // Then one object holds an HSK 3.0 and an HSK 2.0 profile and the quick level
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try result.jsonLines().first)
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["standard"] as? String } == ["hsk3", "hsk2"])
        #expect(profiles.allSatisfy { $0["tokenCoverage"] is [Any] && $0["wordsByLevel"] is [Any] })
        #expect(object["level"] as? Int == 1)
        #expect(object["characters"] as? Int == 6)
    }

    @Test func perLineGradesEveryLine() throws {
        let result = try Umbrella.run(
            ["grade", "--json", "--per-line", "--standard", "hsk3"],
            input: "我是中国人。\n经济全球化的背景下，企业必须不断提高自主创新能力。\n")

        #expect(result.status == 0)
        let objects = try result.jsonLines()
        #expect(objects.count == 2)
        #expect((objects.first?["profiles"] as? [Any])?.count == 1)
        let levels = objects.map { $0["level"] as? Int ?? Int.max }
        #expect(levels[0] < levels[1])
    }

    @Test func textReportNamesTheStandardAndLevel() throws {
        let result = try Umbrella.run(["grade", "--standard", "hsk2", "我是中国人。"])

        #expect(result.status == 0)
        #expect(result.output.contains("HSK 2.0: level 1 by words"))
        #expect(!result.output.contains("HSK 3.0"))
    }
}
