/// The bounds an EPUB must stay within to be read; they protect the server from hostile archives.
///
/// The sizes are checked twice: against what the archive declares, before anything is extracted,
/// and against the bytes actually produced, while extracting (declared sizes can lie).
public struct EPUBLimits: Hashable, Sendable {
    /// The most entries the archive may list.
    public var maximumEntryCount: Int
    /// The most bytes all entries may expand to, together.
    public var maximumUncompressedBytes: Int
    /// The highest compression ratio (uncompressed : compressed) allowed for a large entry.
    public var maximumCompressionRatio: Int
    /// Entries up to this many uncompressed bytes are not held to `maximumCompressionRatio`.
    public var compressionRatioThreshold: Int

    /// Creates limits; the defaults are 10,000 entries, 200 MB in all, and 100:1 for entries over 1 MB.
    public init(
        maximumEntryCount: Int = 10_000, maximumUncompressedBytes: Int = 200 * 1_048_576,
        maximumCompressionRatio: Int = 100, compressionRatioThreshold: Int = 1_048_576
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumUncompressedBytes = maximumUncompressedBytes
        self.maximumCompressionRatio = maximumCompressionRatio
        self.compressionRatioThreshold = compressionRatioThreshold
    }
}
