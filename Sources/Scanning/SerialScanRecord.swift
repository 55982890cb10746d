public import Foundation

/// One serial-number scan kept in the history: what was read, from which device type and preset.
public struct SerialScanRecord: Hashable, Sendable, Codable, Identifiable {
    /// The scan's identifier.
    public var id: UUID
    /// When it was scanned.
    public var scannedAt: Date
    /// The device type the user picked (e.g. `MacBook`).
    public var deviceType: String
    /// The preset used (`etched`, `screen`, `sticker`).
    public var preset: String
    /// The best candidate, if any was found.
    public var serial: String?
    /// Whether the best candidate fits a serial format.
    public var isValid: Bool
    /// The best candidate's format (`structured12`, `legacy11`, `randomized`), if any.
    public var format: String?
    /// The best candidate's confidence, 0...1.
    public var confidence: Double?
    /// The whole response as JSON (every candidate with its fields), for the history's detail view.
    public var responseJSON: String

    /// Creates a record.
    public init(
        id: UUID, scannedAt: Date, deviceType: String, preset: String, serial: String?, isValid: Bool,
        format: String?, confidence: Double?, responseJSON: String
    ) {
        self.id = id
        self.scannedAt = scannedAt
        self.deviceType = deviceType
        self.preset = preset
        self.serial = serial
        self.isValid = isValid
        self.format = format
        self.confidence = confidence
        self.responseJSON = responseJSON
    }
}

/// Stores a user's serial scans.
public protocol SerialScanHistoryRepository: Sendable {
    /// Keeps a scan.
    func add(_ record: SerialScanRecord, for userID: UUID) async throws
    /// The user's scans, newest first, at most `limit`.
    func scans(of userID: UUID, limit: Int) async throws -> [SerialScanRecord]
    /// Deletes one scan; false if it was not there.
    func delete(_ scanID: UUID, of userID: UUID) async throws -> Bool
}
