/// A dictionary whose copies share their storage, so that changing one entry of a large map costs
/// O(log n) instead of copying the map.
///
/// Reading, setting or removing an entry visits about log₃₂ n nodes: 4 at a million entries, 2 at a
/// hundred. Iterating the map gives its entries in no particular order, as a `Dictionary` does, in
/// O(n); ``entries``, ``keys`` and ``values`` give them in key order, in O(n log n). Use it where a value
/// holds many entries and every change makes a new snapshot of it (the chat's record of a million
/// conversations): a `Dictionary` would be copied whole for each snapshot.
///
/// The entries live in a hash trie of immutable nodes: each level of the trie takes five more bits
/// of a key's hash and has up to 32 branches, and an entry sits at the first level where no other
/// key shares its bits (keys whose whole hashes are equal share one bucket at the bottom, in key
/// order). The shape depends only on the keys, never on the order they were added, so two maps with
/// the same entries have the same shape: equality walks both tries together and skips every node
/// they share, so a snapshot compared with a copy changed in one place costs O(log n), not O(n). A
/// change builds new nodes along the path to the entry it changes and shares every other node, so a
/// copy kept elsewhere never changes.
public struct PersistentMap<Key: Comparable & Hashable & Sendable, Value: Sendable>: Sendable {
    /// One level of the trie: the branches in use, and what each holds.
    final class Node: Sendable {
        /// Bit `b` is set when branch `b` (five bits of a hash) is in use.
        let bitmap: UInt32
        /// One slot per branch in use, in branch order.
        let slots: [Slot]

        init(bitmap: UInt32, slots: [Slot]) {
            self.bitmap = bitmap
            self.slots = slots
        }

        /// Where branch `branch`'s slot is in ``slots`` (if it is in use).
        func position(of branch: UInt32) -> Int {
            (bitmap & ((1 << branch) - 1)).nonzeroBitCount
        }

        func has(_ branch: UInt32) -> Bool { bitmap & (1 << branch) != 0 }

        /// This node with `slot` in branch `branch`, added or in place of the one there.
        func setting(_ slot: Slot, at branch: UInt32) -> Node {
            var slots = self.slots
            if has(branch) {
                slots[position(of: branch)] = slot
            } else {
                slots.insert(slot, at: position(of: branch))
            }
            return Node(bitmap: bitmap | (1 << branch), slots: slots)
        }

        /// This node without branch `branch`.
        func removing(_ branch: UInt32) -> Node {
            var slots = self.slots
            slots.remove(at: position(of: branch))
            return Node(bitmap: bitmap & ~(1 << branch), slots: slots)
        }
    }

    /// What one branch holds.
    enum Slot: Sendable {
        /// The one key of the map in this branch.
        case entry(Entry)
        /// The next level, holding two keys or more.
        case node(Node)
        /// Keys whose whole hashes are equal, in key order (below the last level).
        case bucket([Entry])
    }

    /// A key and its value, boxed so that copying a node copies one reference per entry whatever
    /// the value's size.
    final class Entry: Sendable {
        let key: Key
        let value: Value

        init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Bits of the hash taken per level.
    private static var bitsPerLevel: Int { 5 }

    private var root = Node(bitmap: 0, slots: [])

    /// The number of entries.
    public private(set) var count = 0

    /// An empty map.
    public init() {}

    /// Whether the map has no entry.
    public var isEmpty: Bool { count == 0 }

    /// The value of `key`, if it has one; setting `nil` removes the entry.
    public subscript(key: Key) -> Value? {
        get {
            let hash = Self.hash(key)
            var node = root
            var shift = 0
            while true {
                let branch = Self.branch(hash, shift)
                guard node.has(branch) else { return nil }
                switch node.slots[node.position(of: branch)] {
                case .entry(let entry):
                    return entry.key == key ? entry.value : nil
                case .node(let next):
                    node = next
                    shift += Self.bitsPerLevel
                case .bucket(let entries):
                    return entries.first { $0.key == key }?.value
                }
            }
        }
        set {
            let hash = Self.hash(key)
            if let newValue {
                let (node, added) = Self.setting(newValue, for: key, hash: hash, in: root, shift: 0)
                root = node
                if added { count += 1 }
            } else if let node = Self.removing(key, hash: hash, from: root, shift: 0) {
                root = node
                count -= 1
            }
        }
    }

    /// The entries in key order.
    public var entries: [(key: Key, value: Value)] { sorted { $0.key < $1.key } }

    /// The keys in order.
    public var keys: [Key] { entries.map { $0.key } }

    /// The values in key order.
    public var values: [Value] { entries.map { $0.value } }

    // MARK: The trie

    private static func hash(_ key: Key) -> UInt64 { UInt64(bitPattern: Int64(key.hashValue)) }

    /// The branch `hash` takes at the level that starts at bit `shift`.
    private static func branch(_ hash: UInt64, _ shift: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (hash >> UInt64(shift)) & 31)
    }

    /// `node` with `value` set for `key`, and whether the key is new.
    private static func setting(_ value: Value, for key: Key, hash: UInt64, in node: Node, shift: Int)
        -> (Node, added: Bool)
    {
        let branch = Self.branch(hash, shift)
        let new = Entry(key: key, value: value)
        guard node.has(branch) else { return (node.setting(.entry(new), at: branch), true) }
        switch node.slots[node.position(of: branch)] {
        case .entry(let other):
            if other.key == key { return (node.setting(.entry(new), at: branch), false) }
            let pair = pair(other, Self.hash(other.key), new, hash, shift: shift + bitsPerLevel)
            return (node.setting(pair, at: branch), true)
        case .node(let next):
            let (changed, added) = setting(value, for: key, hash: hash, in: next, shift: shift + bitsPerLevel)
            return (node.setting(.node(changed), at: branch), added)
        case .bucket(var entries):
            let added: Bool
            if let index = entries.firstIndex(where: { $0.key == key }) {
                entries[index] = new
                added = false
            } else {
                entries.insert(new, at: entries.firstIndex { key < $0.key } ?? entries.count)
                added = true
            }
            return (node.setting(.bucket(entries), at: branch), added)
        }
    }

    /// The slot holding two entries whose hashes agree below bit `shift`: a node, as deep as their
    /// hashes agree, or a bucket when they agree entirely.
    private static func pair(
        _ first: Entry, _ firstHash: UInt64, _ second: Entry, _ secondHash: UInt64, shift: Int
    )
        -> Slot
    {
        guard shift < UInt64.bitWidth else {
            return .bucket(first.key < second.key ? [first, second] : [second, first])
        }
        let firstBranch = Self.branch(firstHash, shift)
        let secondBranch = Self.branch(secondHash, shift)
        guard firstBranch != secondBranch else {
            let below = pair(first, firstHash, second, secondHash, shift: shift + bitsPerLevel)
            return .node(Node(bitmap: 1 << firstBranch, slots: [below]))
        }
        let slots: [Slot] = [.entry(first), .entry(second)]
        return .node(
            Node(
                bitmap: (1 << firstBranch) | (1 << secondBranch),
                slots: firstBranch < secondBranch ? slots : slots.reversed()))
    }

    /// `node` without `key`, or `nil` when it has no such key. A level left with one entry gives it
    /// to the level above, so the shape stays the one the keys alone make.
    private static func removing(_ key: Key, hash: UInt64, from node: Node, shift: Int) -> Node? {
        let branch = Self.branch(hash, shift)
        guard node.has(branch) else { return nil }
        switch node.slots[node.position(of: branch)] {
        case .entry(let found):
            return found.key == key ? node.removing(branch) : nil
        case .node(let next):
            guard let changed = removing(key, hash: hash, from: next, shift: shift + bitsPerLevel) else {
                return nil
            }
            if changed.slots.count == 1, case .entry = changed.slots[0] {
                return node.setting(changed.slots[0], at: branch)
            }
            return node.setting(.node(changed), at: branch)
        case .bucket(var entries):
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            entries.remove(at: index)
            let rest: Slot = entries.count == 1 ? .entry(entries[0]) : .bucket(entries)
            return node.setting(rest, at: branch)
        }
    }

    private static func collect(_ node: Node, into result: inout [(key: Key, value: Value)]) {
        for slot in node.slots {
            switch slot {
            case .entry(let entry): result.append((entry.key, entry.value))
            case .node(let next): collect(next, into: &result)
            case .bucket(let entries): result += entries.map { ($0.key, $0.value) }
            }
        }
    }
}

extension PersistentMap: Sequence {
    /// The entries in no particular order (the same for the same keys, within one run).
    public func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> {
        var all: [(key: Key, value: Value)] = []
        all.reserveCapacity(count)
        Self.collect(root, into: &all)
        return all.makeIterator()
    }

    /// The number of entries.
    public var underestimatedCount: Int { count }
}

extension PersistentMap: Equatable where Value: Equatable {
    /// Whether both maps hold the same entries; the nodes they share are equal at once.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && equal(lhs.root, rhs.root)
    }

    /// Equal tries have the same shape (it depends only on the keys), so they are compared slot by slot.
    private static func equal(_ lhs: Node, _ rhs: Node) -> Bool {
        if lhs === rhs { return true }
        guard lhs.bitmap == rhs.bitmap else { return false }
        return zip(lhs.slots, rhs.slots).allSatisfy { pair in
            switch pair {
            case (.entry(let entry), .entry(let other)):
                return entry === other || (entry.key == other.key && entry.value == other.value)
            case (.node(let node), .node(let other)):
                return equal(node, other)
            case (.bucket(let entries), .bucket(let others)):
                return entries.count == others.count
                    && zip(entries, others).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            case (.entry, _), (.node, _), (.bucket, _):
                return false
            }
        }
    }
}
