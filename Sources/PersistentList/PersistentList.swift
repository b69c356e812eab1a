/// An ordered list whose copies share their storage, so that changing one element of a long list
/// costs O(log n) instead of copying the list.
///
/// It is an ordinary `RandomAccessCollection` indexed from 0, like an array, with ``insert(_:at:)``,
/// ``remove(at:)`` and ``replace(at:with:)``. Reading an element and each of those changes cost
/// O(log n); iterating costs O(n). Use it where a value holds a long list and every change makes a
/// new snapshot of it (the matches list of a user with a million conversations): an `Array` would be
/// copied whole for each snapshot.
///
/// The elements live in a tree of immutable nodes: leaves of at most ``leafCapacity`` elements under
/// branches of at most ``branchCapacity`` children. A change builds new nodes along the path from the
/// root to the element it changes and shares every other node with the list it started from, so a
/// copy kept elsewhere (an earlier snapshot) never changes.
///
/// Two optimisations, confined here: the parts of the tree two lists share are equal without
/// comparing their elements (a snapshot compared with an unchanged copy of itself costs O(1), with a
/// copy changed in one place O(log n), not O(n)); and the list's code is `@inlinable`, as the
/// standard library's collections are, so that the module using it compiles it for its element type
/// (a generic type of another module otherwise reads every element through the element type's
/// run-time description, which made each read of the matches list several times dearer).
public struct PersistentList<Element: Sendable>: RandomAccessCollection, Sendable {
    /// Positions, as in an array.
    public typealias Index = Int
    /// The valid positions.
    public typealias Indices = Range<Int>

    /// The most elements a leaf holds.
    @inlinable
    public static var leafCapacity: Int { 32 }
    /// The most children a branch holds.
    @inlinable
    public static var branchCapacity: Int { 16 }

    /// The tree's root: a leaf (no children) or a branch (no elements of its own).
    @usableFromInline var root: Node

    /// An empty list.
    @inlinable
    public init() {
        root = Node(elements: [])
    }

    /// A list of `elements`, in order, built in O(n).
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        let all = Array(elements)
        var level = stride(from: 0, to: Swift.max(all.count, 1), by: Self.leafCapacity).map { start in
            Node(elements: Array(all[start..<Swift.min(start + Self.leafCapacity, all.count)]))
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: Self.branchCapacity).map { start in
                Node(children: Array(level[start..<Swift.min(start + Self.branchCapacity, level.count)]))
            }
        }
        root = level[0]
    }

    /// Always 0.
    @inlinable
    public var startIndex: Int { 0 }
    /// The number of elements.
    @inlinable
    public var endIndex: Int { root.count }
    /// The number of elements, in O(1).
    @inlinable
    public var count: Int { root.count }

    /// The element at `position`, in O(log n).
    @inlinable
    public subscript(position: Int) -> Element {
        precondition(indices.contains(position), "PersistentList index out of range")
        return root.element(at: position)
    }

    /// Inserts `element` at `index` (`0...count`), in O(log n).
    @inlinable
    public mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "PersistentList index out of range")
        let nodes = root.inserting(element, at: index)
        root = nodes.count == 1 ? nodes[0] : Node(children: nodes)
    }

    /// Removes and returns the element at `index`, in O(log n).
    @discardableResult
    @inlinable
    public mutating func remove(at index: Int) -> Element {
        precondition(indices.contains(index), "PersistentList index out of range")
        let removed = self[index]
        var newRoot = root.removing(at: index) ?? Node(elements: [])
        // A branch left with one child gives way to it, so the tree is no deeper than it needs.
        while newRoot.children.count == 1 { newRoot = newRoot.children[0] }
        root = newRoot
        return removed
    }

    /// Replaces the element at `index` with `element`, in O(log n).
    @inlinable
    public mutating func replace(at index: Int, with element: Element) {
        precondition(indices.contains(index), "PersistentList index out of range")
        root = root.replacing(at: index, with: element)
    }
}
