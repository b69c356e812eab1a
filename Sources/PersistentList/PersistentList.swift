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

extension PersistentList {
    /// Walks the leaves in order: the whole list in O(n).
    public struct Iterator: IteratorProtocol {
        /// The branches above the leaf being read, each with the next child to visit.
        @usableFromInline var path: [(node: Node, next: Int)]
        /// The elements of the leaf being read, and the next one to hand out.
        @usableFromInline var leaf: [Element] = []
        @usableFromInline var position = 0

        @inlinable
        init(root: Node) {
            path = [(root, 0)]
        }

        /// The next element, if any.
        @inlinable
        public mutating func next() -> Element? {
            while position == leaf.count {
                guard let (node, next) = path.popLast() else { return nil }
                if node.isLeaf {
                    leaf = node.elements
                    position = 0
                } else if next < node.children.count {
                    path.append((node, next + 1))
                    path.append((node.children[next], 0))
                }
            }
            defer { position += 1 }
            return leaf[position]
        }
    }

    /// An iterator over the elements in order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(root: root) }
}

extension PersistentList: ExpressibleByArrayLiteral {
    /// A list of the literal's elements.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension PersistentList {
    /// How many elements, from the start, this list and `other` have alike (`same` tells whether two
    /// elements are).
    ///
    /// A part of the tree both lists hold (one list made from the other by changes elsewhere) counts
    /// at once, without reading its elements, so comparing a list with a copy changed near its end
    /// costs O(log n); lists that share nothing are compared element by element.
    @inlinable
    public func commonPrefixCount(with other: PersistentList, by same: (Element, Element) -> Bool) -> Int {
        if root.isLeaf, other.root.isLeaf {
            // Short lists, one leaf each: their elements side by side.
            let (left, right) = (root.elements, other.root.elements)
            let length = Swift.min(left.count, right.count)
            return (0..<length).first { !same(left[$0], right[$0]) } ?? length
        }
        // The nodes of each list not read yet, in order with the next one last, and how many elements
        // of that one (a leaf) are read already.
        var left: [(node: Node, read: Int)] = [(root, 0)]
        var right: [(node: Node, read: Int)] = [(other.root, 0)]
        var count = 0
        while let (a, readA) = left.last.map({ ($0.node, $0.read) }),
            let (b, readB) = right.last.map({ ($0.node, $0.read) })
        {
            if readA == 0, readB == 0, a === b {
                left.removeLast()
                right.removeLast()
                count += a.count
            } else if !a.isLeaf, b.isLeaf || a.count >= b.count {
                left.removeLast()
                left += a.children.reversed().map { ($0, 0) }
            } else if !b.isLeaf {
                right.removeLast()
                right += b.children.reversed().map { ($0, 0) }
            } else {
                let length = Swift.min(a.count - readA, b.count - readB)
                for offset in 0..<length where !same(a.elements[readA + offset], b.elements[readB + offset]) {
                    return count + offset
                }
                count += length
                if readA + length == a.count {
                    left.removeLast()
                } else {
                    left[left.count - 1].read += length
                }
                if readB + length == b.count {
                    right.removeLast()
                } else {
                    right[right.count - 1].read += length
                }
            }
        }
        return count
    }
}

extension PersistentList: Equatable where Element: Equatable {
    /// Whether both lists hold equal elements in the same order.
    ///
    /// The parts of the tree both hold are equal at once (the optimisation this type documents): a
    /// list compared with itself or with a copy changed in one place costs O(log n), not O(n).
    @inlinable
    public static func == (lhs: PersistentList, rhs: PersistentList) -> Bool {
        lhs.count == rhs.count && lhs.commonPrefixCount(with: rhs, by: ==) == lhs.count
    }
}

extension PersistentList: Encodable where Element: Encodable {
    /// Encodes the elements as an array's.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}

extension PersistentList: Decodable where Element: Decodable {
    /// Decodes a list from an array's encoding.
    public init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }
}

extension PersistentList: Hashable where Element: Hashable {
    /// Hashes the number of elements and the elements in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension PersistentList: CustomStringConvertible {
    /// The elements, written as an array's.
    @inlinable
    public var description: String { Array(self).description }
}

extension PersistentList {
    /// One node of the tree, never changed once made (so it is shared freely, across threads too).
    @usableFromInline
    final class Node: Sendable {
        /// A leaf's elements; empty for a branch.
        @usableFromInline let elements: [Element]
        /// A branch's children; empty for a leaf.
        @usableFromInline let children: [Node]
        /// How many elements the node holds, below it included.
        @usableFromInline let count: Int

        /// A leaf.
        @inlinable
        init(elements: [Element]) {
            self.elements = elements
            children = []
            count = elements.count
        }

        /// A branch.
        @inlinable
        init(children: [Node]) {
            elements = []
            self.children = children
            count = children.reduce(0) { $0 + $1.count }
        }

        @inlinable
        var isLeaf: Bool { children.isEmpty }

        /// The child holding `index`, and the index within that child; `inserting` allows the end
        /// of a child (an insert after its last element).
        @inlinable
        func slot(for index: Int, inserting: Bool) -> (slot: Int, offset: Int) {
            var offset = index
            var slot = 0
            while slot < children.count - 1,
                inserting ? offset > children[slot].count : offset >= children[slot].count
            {
                offset -= children[slot].count
                slot += 1
            }
            return (slot, offset)
        }

        @inlinable
        func element(at index: Int) -> Element {
            if isLeaf { return elements[index] }
            let (slot, offset) = slot(for: index, inserting: false)
            return children[slot].element(at: offset)
        }

        /// This node with `element` inserted: one node, or two when it outgrew its capacity.
        @inlinable
        func inserting(_ element: Element, at index: Int) -> [Node] {
            if isLeaf {
                var elements = self.elements
                elements.insert(element, at: index)
                guard elements.count > PersistentList.leafCapacity else { return [Node(elements: elements)] }
                let half = elements.count / 2
                return [Node(elements: Array(elements[..<half])), Node(elements: Array(elements[half...]))]
            }
            let (slot, offset) = slot(for: index, inserting: true)
            var children = self.children
            children.replaceSubrange(slot...slot, with: children[slot].inserting(element, at: offset))
            guard children.count > PersistentList.branchCapacity else { return [Node(children: children)] }
            let half = children.count / 2
            return [Node(children: Array(children[..<half])), Node(children: Array(children[half...]))]
        }

        /// This node without the element at `index`; `nil` when nothing is left of it. (Nodes left
        /// small are not merged: the tree keeps the depth of the largest size the list had.)
        @inlinable
        func removing(at index: Int) -> Node? {
            if isLeaf {
                var elements = self.elements
                elements.remove(at: index)
                return elements.isEmpty ? nil : Node(elements: elements)
            }
            let (slot, offset) = slot(for: index, inserting: false)
            var children = self.children
            if let child = children[slot].removing(at: offset) {
                children[slot] = child
            } else {
                children.remove(at: slot)
            }
            return children.isEmpty ? nil : Node(children: children)
        }

        /// This node with the element at `index` replaced.
        @inlinable
        func replacing(at index: Int, with element: Element) -> Node {
            if isLeaf {
                var elements = self.elements
                elements[index] = element
                return Node(elements: elements)
            }
            let (slot, offset) = slot(for: index, inserting: false)
            var children = self.children
            children[slot] = children[slot].replacing(at: offset, with: element)
            return Node(children: children)
        }
    }
}
