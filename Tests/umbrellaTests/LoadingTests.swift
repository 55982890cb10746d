import Foundation
import Testing

@Suite("umbrella data loading")
struct LoadingTests {
    @Test func dataDirectoryFromTheEnvironmentIsUsed() throws {
        // Given UMBRELLA_DATA_DIR pointing at a directory without data
        let directory = "/nonexistent/umbrella-data-\(UUID().uuidString)"

        // When a command needs the data
        let result = try Umbrella.run(["lookup", "月亮"], environment: ["UMBRELLA_DATA_DIR": directory])

        // Then it fails, saying which file is missing and what to do
        #expect(result.status != 0)
        #expect(result.error.contains("Data file not found"))
        #expect(result.error.contains(directory))
        #expect(result.output.isEmpty)
    }

    @Test func emptyDataDirectoryVariableMeansTheBundledData() throws {
        let result = try Umbrella.run(["lookup", "月亮"], environment: ["UMBRELLA_DATA_DIR": ""])

        #expect(result.status == 0)
        #expect(result.output.contains("yuèliang"))
    }
}
