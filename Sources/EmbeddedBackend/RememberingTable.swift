/// A table that keeps the last entry looked up beside it, for the embedded server's hot lookups.
///
/// A client sends request after request about the same key (its access token, one conversation);
/// comparing the key with the last hit's (the same string storage, so equal at once) skips hashing
/// it. Every change to the table forgets the last hit, so a lookup always answers what the table
/// holds.
struct RememberingTable<Key: Hashable, Value> {
    /// Every entry.
    private(set) var all: [Key: Value] = [:]
    private var lastHit: (key: Key, value: Value)?

    /// The value of `key`, remembering it for the next lookup.
    mutating func value(for key: Key) -> Value? {
        if let lastHit, lastHit.key == key { return lastHit.value }
        guard let value = all[key] else { return nil }
        lastHit = (key, value)
        return value
    }

    /// The value of `key`, without remembering it (for reads that cannot change the table).
    subscript(key: Key) -> Value? { all[key] }

    /// Adds (or replaces) an entry.
    mutating func insert(_ value: Value, for key: Key) {
        lastHit = nil
        all[key] = value
    }

    /// Removes an entry, returning its value if there was one.
    mutating func remove(_ key: Key) -> Value? {
        lastHit = nil
        return all.removeValue(forKey: key)
    }

    /// Removes every entry whose value `shouldRemove`.
    mutating func removeAll(where shouldRemove: (Value) -> Bool) {
        lastHit = nil
        all = all.filter { !shouldRemove($0.value) }
    }
}
