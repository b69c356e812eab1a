/// A set whose copies share their storage, so that adding one element to a large set costs
/// O(log n) instead of copying the set.
///
/// A ``PersistentMap`` of its elements: the same hash trie, the same equality that skips what two
/// sets share. Use it where a value holds a set that keeps growing and every change makes a new
/// snapshot of it (every card a deck has shown): a `Set` would be copied whole for each snapshot.
public struct PersistentSet<Element: Comparable & Hashable & Sendable>: Sendable, Equatable {
    private var members = PersistentMap<Element, Bool>()

    /// An empty set.
    public init() {}

    /// A set of `elements`.
    public init(_ elements: some Sequence<Element>) {
        formUnion(elements)
    }

    /// The number of elements.
    public var count: Int { members.count }

    /// Whether the set has no element.
    public var isEmpty: Bool { members.isEmpty }

    /// Whether `element` is in the set.
    public func contains(_ element: Element) -> Bool { members[element] != nil }

    /// Adds `element`; whether it was new.
    @discardableResult
    public mutating func insert(_ element: Element) -> (inserted: Bool, memberAfterInsert: Element) {
        guard !contains(element) else { return (false, element) }
        members[element] = true
        return (true, element)
    }

    /// Adds every element of `elements`.
    public mutating func formUnion(_ elements: some Sequence<Element>) {
        for element in elements { insert(element) }
    }

    /// The elements in order.
    public var sorted: [Element] { members.keys }
}

extension PersistentSet: Hashable {
    /// Hashes the elements in order (equal sets hash alike): O(n log n).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(sorted)
    }
}

extension PersistentSet: ExpressibleByArrayLiteral {
    /// A set of the elements listed.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}
