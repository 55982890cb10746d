import ChineseText

/// The bundled data, loaded once for the whole test run and shared by every suite.
///
/// Loading can fail (a missing or damaged data file); each test calls `resources()` so that a
/// failure is reported by the test that needed the data instead of crashing the runner.
enum TestResources {
    static let loaded: Result<ChineseTextResources, any Error> = Result { try ChineseTextResources.load() }

    /// The shared resources, or the error that loading them raised.
    static func resources() throws -> ChineseTextResources {
        try loaded.get()
    }

    /// A segmenter over the shared resources with an empty user dictionary.
    static func segmenter(userDictionary: UserDictionary = .init()) throws -> LatticeSegmenter {
        try resources().makeSegmenter(userDictionary: userDictionary)
    }
}
