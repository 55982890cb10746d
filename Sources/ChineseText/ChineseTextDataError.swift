/// Why the bundled data could not be loaded.
public enum ChineseTextDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A data file is not where it was expected.
    case missingFile(String)
    /// A data file exists but is not in the expected format.
    case malformed(String, String)

    /// A message for people, saying what to do.
    public var description: String {
        switch self {
        case .missingFile(let path): "Data file not found: \(path). Run scripts/build-data.py or reinstall."
        case .malformed(let path, let reason): "Data file \(path) is damaged: \(reason)."
        }
    }
}
