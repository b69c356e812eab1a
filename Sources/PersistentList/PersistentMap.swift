/// A dictionary whose copies share their storage, so that changing one entry of a large map costs
/// O(log n) instead of copying the map.
///
/// Keys are kept in order. Reading, setting or removing an entry costs O(log n) (expected); iterating
/// costs O(n), in key order. Use it where a value holds many entries and every change makes a new
/// snapshot of it (the chat's record of a million conversations): a `Dictionary` would be copied
/// whole for each snapshot.
///
/// The entries live in a treap of immutable nodes: a binary search tree by key that is also a heap
/// by each key's priority (its hash). Its shape depends only on the keys, never on the order they
/// were added, so two maps with the same entries have the same shape: equality walks both trees
/// together and skips every subtree they share, so a snapshot compared with a copy changed in one
/// place costs O(log n), not O(n). A change builds new nodes along the path to the entry it changes
/// and shares every other node, so a copy kept elsewhere never changes.
public struct PersistentMap<Key: Comparable & Hashable & Sendable, Value: Sendable>: Sendable {
    /// One entry and the subtrees beside it.
    final class Node: Sendable {
        let key: Key
        let value: Value
        let priority: Int
        let left: Node?
        let right: Node?
        /// The entries in this subtree.
        let count: Int

        init(key: Key, value: Value, priority: Int, left: Node?, right: Node?) {
            self.key = key
            self.value = value
            self.priority = priority
            self.left = left
            self.right = right
            count = 1 + (left?.count ?? 0) + (right?.count ?? 0)
        }

        /// This node with other children.
        func with(left: Node?, right: Node?) -> Node {
            Node(key: key, value: value, priority: priority, left: left, right: right)
        }

        /// Whether this node goes above `other` in the heap: the higher priority, ties by key.
        func isAbove(_ other: Node) -> Bool {
            (priority, key) > (other.priority, other.key)
        }
    }

    private var root: Node?

    /// An empty map.
    public init() {}

    /// The number of entries.
    public var count: Int { root?.count ?? 0 }

    /// Whether the map has no entry.
    public var isEmpty: Bool { root == nil }

    /// The value of `key`, if it has one; setting `nil` removes the entry.
    public subscript(key: Key) -> Value? {
        get {
            var node = root
            while let current = node {
                if key == current.key { return current.value }
                node = key < current.key ? current.left : current.right
            }
            return nil
        }
        set {
            if let newValue {
                root = Self.setting(newValue, for: key, in: root)
            } else {
                root = Self.removing(key, from: root)
            }
        }
    }

    /// The entries in key order.
    public var entries: [(key: Key, value: Value)] {
        var result: [(key: Key, value: Value)] = []
        result.reserveCapacity(count)
        Self.collect(root, into: &result)
        return result
    }

    /// The keys in order.
    public var keys: [Key] { entries.map { $0.key } }

    /// The values in key order.
    public var values: [Value] { entries.map { $0.value } }

    // MARK: The tree

    /// `node`'s subtree with `value` set for `key`: in place of the old value (the same shape), or a
    /// new node split into the tree where its priority puts it.
    private static func setting(_ value: Value, for key: Key, in node: Node?) -> Node {
        if let node, key == node.key {
            return Node(key: key, value: value, priority: node.priority, left: node.left, right: node.right)
        }
        let new = Node(key: key, value: value, priority: key.hashValue, left: nil, right: nil)
        guard let node, node.isAbove(new) else {
            let (less, greater) = split(node, at: key)
            return new.with(left: less, right: greater)
        }
        return key < node.key
            ? node.with(left: setting(value, for: key, in: node.left), right: node.right)
            : node.with(left: node.left, right: setting(value, for: key, in: node.right))
    }

    /// `node`'s subtree without `key`.
    private static func removing(_ key: Key, from node: Node?) -> Node? {
        guard let node else { return nil }
        if key == node.key { return merge(node.left, node.right) }
        if key < node.key {
            let left = removing(key, from: node.left)
            return left === node.left ? node : node.with(left: left, right: node.right)
        }
        let right = removing(key, from: node.right)
        return right === node.right ? node : node.with(left: node.left, right: right)
    }

    /// `node`'s subtree split into the keys below `key` and those above it (`key` itself is not in it).
    private static func split(_ node: Node?, at key: Key) -> (Node?, Node?) {
        guard let node else { return (nil, nil) }
        if key < node.key {
            let (less, greater) = split(node.left, at: key)
            return (less, node.with(left: greater, right: node.right))
        }
        let (less, greater) = split(node.right, at: key)
        return (node.with(left: node.left, right: less), greater)
    }

    /// One subtree of two whose keys are all below the other's.
    private static func merge(_ less: Node?, _ greater: Node?) -> Node? {
        guard let less else { return greater }
        guard let greater else { return less }
        if less.isAbove(greater) {
            return less.with(left: less.left, right: merge(less.right, greater))
        }
        return greater.with(left: merge(less, greater.left), right: greater.right)
    }

    private static func collect(_ node: Node?, into result: inout [(key: Key, value: Value)]) {
        guard let node else { return }
        collect(node.left, into: &result)
        result.append((node.key, node.value))
        collect(node.right, into: &result)
    }
}

extension PersistentMap: Equatable where Value: Equatable {
    /// Whether both maps hold the same entries; the subtrees they share are equal at once.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && equal(lhs.root, rhs.root)
    }

    /// Equal trees have the same shape (it depends only on the keys), so they are compared node by node.
    private static func equal(_ lhs: Node?, _ rhs: Node?) -> Bool {
        if lhs === rhs { return true }
        guard let lhs, let rhs, lhs.count == rhs.count, lhs.key == rhs.key, lhs.value == rhs.value else {
            return false
        }
        return equal(lhs.left, rhs.left) && equal(lhs.right, rhs.right)
    }
}
