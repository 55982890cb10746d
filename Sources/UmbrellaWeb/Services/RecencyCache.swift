/// A dictionary that keeps at most `limit` entries, dropping the least recently used quarter in one
/// pass when it grows past the limit (cheaper than evicting one entry per insert). Not thread-safe:
/// its owner guards it.
struct RecencyCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    let limit: Int

    init(limit: Int) {
        self.limit = max(4, limit)
    }

    /// The value for `key`, marking it as just used.
    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// Stores `value`, evicting the least recently used entries if the cache is full.
    mutating func store(_ value: Value, for key: Key) {
        clock += 1
        entries[key] = (value, clock)
        guard entries.count > limit else { return }
        let cutoff = entries.values.map(\.lastUse).sorted()[limit / 4]
        entries = entries.filter { $0.value.lastUse > cutoff }
    }

    /// Drops every entry whose key matches.
    mutating func removeAll(where shouldRemove: (Key) -> Bool) {
        entries = entries.filter { !shouldRemove($0.key) }
    }
}
