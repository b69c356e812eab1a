import Foundation
import Models

/// A key of a ``TextTable``: text (or a few texts) hashed by ``TextHash``.
protocol TextTableKey: Equatable {
    /// The hash of the key's text; keys equal by `==` have equal hashes.
    var textHash: Int { get }
}

/// The hash the embedded server's ``TextTable``s use: FNV-1a over the UTF-8 bytes of a text in its
/// canonical composed form (NFC).
///
/// A short loop over the bytes in place: the standard library's seeded hashing (a `Dictionary` of
/// `String` keys) ran through half a dozen functions of its own for every id looked up, a large part of
/// the code a swipe or a message touches. `String`'s `==` is canonical equivalence (`"caf\u{E9}"` equals
/// `"cafe\u{301}"`, and the Kelvin sign equals `"K"`), so a text is hashed as its NFC form, as the
/// standard library's hashing does: an ASCII text is its own NFC form and is hashed as it is; any other
/// is composed first (out of the way: the server's ids are ASCII). The hash is not seeded: a client
/// could choose ids that collide and slow its own lookups down, which an in-process server for tests,
/// demos and benchmarks accepts.
enum TextHash {
    /// FNV-1a's offset basis: the hash of no bytes.
    static var start: UInt64 { 0xCBF2_9CE4_8422_2325 }

    /// `hash` continued over the UTF-8 bytes of `text`'s canonical composed form.
    static func adding(_ text: String, to hash: UInt64) -> UInt64 {
        let ascii = text.utf8.withContiguousStorageIfAvailable { addingIfASCII($0, to: hash) }
        if let ascii, let ascii { return ascii }
        return addingComposed(text, to: hash)
    }

    /// `hash` continued over `bytes` if they are all ASCII; `nil` if one is not.
    private static func addingIfASCII(_ bytes: UnsafeBufferPointer<UInt8>, to hash: UInt64) -> UInt64? {
        var hash = hash
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return high < 0x80 ? hash : nil
    }

    /// `hash` continued over the UTF-8 bytes of `text` composed (NFC): a text that is not ASCII, or
    /// whose bytes are not contiguous.
    @inline(never)
    private static func addingComposed(_ text: String, to hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in text.precomposedStringWithCanonicalMapping.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }

    /// The table hash of a finished FNV-1a value, its high bits folded into the low ones (a table
    /// picks a slot by the low bits).
    static func finish(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash ^ (hash &>> 29)) }
}

extension String: TextTableKey {
    /// The text's ``TextHash``.
    var textHash: Int { TextHash.finish(TextHash.adding(self, to: TextHash.start)) }
}

extension UserID: TextTableKey {
    /// The ``TextHash`` of the raw identifier.
    var textHash: Int { rawValue.textHash }
}

/// A hash table for the embedded server's tables keyed by ids (applied swipes, sent messages, viewers,
/// conversations): keys and values in two parallel arrays, found through open-addressed slots by
/// ``TextTableKey/textHash``.
///
/// The keys are kept apart from the values so a probe compares a key without copying (retaining and
/// releasing) the value stored beside it.
///
/// A value is changed in place with ``update(at:_:)`` at a position found by ``lookup(_:)`` or
/// ``position(of:adding:)``; a lookup followed by ``add(_:for:after:)`` hashes the key once.
/// Removing an entry moves the last one into its place (the position of that one changes).
struct TextTable<Key: TextTableKey, Value> {
    /// The keys, in the order added (but for removals); `values[i]` is the value of `keys[i]`.
    private var keys: [Key] = []
    /// The values, parallel to ``keys``.
    private var values: [Value] = []
    /// Each slot holds an entry's position plus one, or 0 when empty; a power of two in count, and at
    /// most half used, so a probe soon meets an empty slot.
    private var slots: [Int] = []

    /// How many slots the first entry makes: room for a session's swipes or messages (64) before the
    /// table first grows and places every entry again.
    static var initialSlotCount: Int { 128 }

    /// What ``lookup(_:)`` found: the key's position, if it is there, and its hash for
    /// ``add(_:for:after:)``.
    struct Lookup {
        /// The entry's position in ``keys`` and ``values``, if the key is there.
        let position: Int?
        /// The key's hash.
        let hash: Int
    }

    /// Creates an empty table.
    init() {}

    /// How many entries the table holds.
    var count: Int { keys.count }

    /// Finds `key`.
    func lookup(_ key: Key) -> Lookup {
        let hash = key.textHash
        guard !slots.isEmpty else { return Lookup(position: nil, hash: hash) }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return Lookup(position: nil, hash: hash) }
            if keys[entry - 1] == key { return Lookup(position: entry - 1, hash: hash) }
            slot = (slot + 1) & mask
        }
    }

    /// The value of `key`, if the table holds it.
    subscript(key: Key) -> Value? {
        lookup(key).position.map { values[$0] }
    }

    /// The value at `position`.
    subscript(at position: Int) -> Value { values[position] }

    /// Changes the value at `position` in place with `change`.
    mutating func update<Result>(at position: Int, _ change: (inout Value) -> Result) -> Result {
        change(&values[position])
    }

    /// Adds `value` for `key`, which `lookup` (the table unchanged since) did not find; returns its
    /// position. Both are taken over (moved in, not copied).
    @discardableResult
    mutating func add(_ value: consuming Value, for key: consuming Key, after lookup: Lookup) -> Int {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let position = keys.count
        keys.append(key)
        values.append(value)
        place(position, hash: lookup.hash)
        return position
    }

    /// The position of `key`, added with the value `make` gives if the table does not hold it.
    mutating func position(of key: Key, adding make: () -> Value) -> Int {
        let found = lookup(key)
        if let position = found.position { return position }
        return add(make(), for: key, after: found)
    }

    /// Removes `key`, returning its value if the table held it.
    ///
    /// Its slot is emptied by shifting back the entries probed past it (linear probing's deletion, no
    /// tombstones), and the last entry moves into its place in ``keys`` and ``values``: constant time
    /// on average, whatever the table's size.
    mutating func removeValue(forKey key: Key) -> Value? {
        guard !slots.isEmpty else { return nil }
        let hash = key.textHash
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            if keys[slots[slot] - 1] == key { break }
            slot = (slot + 1) & mask
        }
        guard slots[slot] != 0 else { return nil }
        let position = slots[slot] - 1
        emptySlot(slot)
        let last = keys.count - 1
        if position != last {
            // The last entry moves to `position`: its slot is found from its hash and pointed there.
            var moved = keys[last].textHash & mask
            while slots[moved] != last + 1 { moved = (moved + 1) & mask }
            slots[moved] = position + 1
            keys.swapAt(position, last)
            values.swapAt(position, last)
        }
        keys.removeLast()
        return values.removeLast()
    }

    /// Empties `slot`, moving back into the hole each later entry of its run whose own slot (its
    /// hash's) is not between the hole and where it sits, so every entry stays reachable from its hash.
    private mutating func emptySlot(_ slot: Int) {
        let mask = slots.count - 1
        var hole = slot
        var next = (slot + 1) & mask
        while slots[next] != 0 {
            let home = keys[slots[next] - 1].textHash & mask
            if (next &- home) & mask >= (next &- hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
    }

    /// Puts `position` in the first empty slot from its hash's.
    private mutating func place(_ position: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = position + 1
    }

    /// Doubles the slots (``initialSlotCount`` at first) and places every entry again.
    @inline(never)
    private mutating func grow() {
        if slots.isEmpty {
            keys.reserveCapacity(Self.initialSlotCount / 2)
            values.reserveCapacity(Self.initialSlotCount / 2)
        }
        rebuildSlots(count: max(Self.initialSlotCount, slots.count * 2))
    }

    /// Makes `count` empty slots and places every entry in them.
    private mutating func rebuildSlots(count: Int) {
        slots = [Int](repeating: 0, count: count)
        for position in keys.indices { place(position, hash: keys[position].textHash) }
    }
}
