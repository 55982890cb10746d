import Testing

@testable import UmbrellaWeb

@Suite struct RecencyCacheTests {
    @Test func keepsRecentlyUsedEntriesWhenFull() {
        var cache = RecencyCache<Int, String>(limit: 8)
        for key in 0..<8 { cache.store("\(key)", for: key) }
        _ = cache.value(for: 0)  // 0 is now the most recently used
        cache.store("8", for: 8)
        #expect(cache.value(for: 0) == "0")
        #expect(cache.value(for: 8) == "8")
        #expect(cache.value(for: 1) == nil)
    }

    @Test func removesMatchingEntries() {
        var cache = RecencyCache<Int, String>(limit: 10)
        for key in 0..<6 { cache.store("\(key)", for: key) }
        cache.removeAll { $0.isMultiple(of: 2) }
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 3) == "3")
    }
}
