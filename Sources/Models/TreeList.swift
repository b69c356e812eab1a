/// An ordered list kept as a tree of small copy-on-write nodes, so a copy shares everything and a change
/// to a copy costs the depth of the tree, not the length of the list.
///
/// Reading an element, inserting, removing or replacing one costs O(log n) (a path of nodes of at most
/// 16 children over leaves of at most 32 elements is copied when shared, edited in place when not);
/// iterating costs O(n). It is how a snapshot holding a long list (``ChatListState/conversations``)
/// changes one row without copying the others. Indices run from 0 like an array's.
///
/// A list of at most one leaf's worth of elements keeps them in an array of its own, without a node:
/// a change to a copy of a short list then copies the array alone, where a leaf node copied the node
/// and then its array (two allocations).
public struct TreeList<Element: Hashable & Sendable>: RandomAccessCollection, Hashable, Sendable,
    ExpressibleByArrayLiteral
{
    /// Positions, as in an array.
    public typealias Index = Int
    /// The valid positions.
    public typealias Indices = Range<Int>

    @inlinable static var leafCapacity: Int { 32 }
    @inlinable static var branchCapacity: Int { 16 }

    // Mutated only while uniquely referenced (the list copies a shared node before changing it), so
    // sharing nodes between threads is safe. Inlinable, so clients get code specialized for their
    // element type rather than generic code that looks types up at run time. No access to a node's
    // fields spans a call that could reach the same node again (a change goes down to a child, a
    // different node), so their run-time exclusivity checks — four per edit — are left out.
    @usableFromInline
    final class Node: @unchecked Sendable {
        @usableFromInline let isLeaf: Bool
        @exclusivity(unchecked) @usableFromInline var elements: [Element]
        @exclusivity(unchecked) @usableFromInline var children: [Node]
        @exclusivity(unchecked) @usableFromInline var count: Int

        @inlinable init(elements: [Element]) {
            isLeaf = true
            self.elements = elements
            children = []
            count = elements.count
        }

        @inlinable init(children: [Node]) {
            isLeaf = false
            elements = []
            self.children = children
            count = children.reduce(0) { $0 + $1.count }
        }

        @inlinable init(copying node: Node) {
            isLeaf = node.isLeaf
            elements = node.elements
            children = node.children
            count = node.count
        }

        @inlinable func copy() -> Node { Node(copying: self) }

        /// The child holding `index` and the index within it; `inserting` allows the end of a child.
        @inlinable func slot(for index: Int, inserting: Bool) -> (slot: Int, offset: Int) {
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

        /// The leaf holding the element at `index`, and the element's offset in it.
        @inlinable func leaf(containing index: Int) -> (leaf: Node, offset: Int) {
            var node = self
            var offset = index
            while !node.isLeaf {
                let (slot, inner) = node.slot(for: offset, inserting: false)
                node = node.children[slot]
                offset = inner
            }
            return (node, offset)
        }

        @inlinable func element(at index: Int) -> Element {
            let (leaf, offset) = leaf(containing: index)
            return leaf.elements[offset]
        }

        @inlinable func uniqueChild(_ slot: Int) {
            if !isKnownUniquelyReferenced(&children[slot]) { children[slot] = children[slot].copy() }
        }

        /// Inserts; returns the new right half when this node had to split.
        @inlinable func insert(_ element: Element, at index: Int) -> Node? {
            count += 1
            if isLeaf {
                elements.insert(element, at: index)
                guard elements.count > TreeList.leafCapacity else { return nil }
                let right = Node(elements: Array(elements[(elements.count / 2)...]))
                elements.removeSubrange((elements.count / 2)...)
                count = elements.count
                return right
            }
            let (slot, offset) = slot(for: index, inserting: true)
            uniqueChild(slot)
            guard let split = children[slot].insert(element, at: offset) else { return nil }
            children.insert(split, at: slot + 1)
            guard children.count > TreeList.branchCapacity else { return nil }
            let right = Node(children: Array(children[(children.count / 2)...]))
            children.removeSubrange((children.count / 2)...)
            count -= right.count
            return right
        }

        /// Removes; a child left empty is dropped (nodes are not merged: the depth stays that of the
        /// largest size the list had).
        @inlinable func remove(at index: Int) -> Element {
            count -= 1
            if isLeaf { return elements.remove(at: index) }
            let (slot, offset) = slot(for: index, inserting: false)
            uniqueChild(slot)
            let removed = children[slot].remove(at: offset)
            if children[slot].count == 0 { children.remove(at: slot) }
            return removed
        }

        @inlinable func replace(at index: Int, with element: Element) {
            if isLeaf {
                elements[index] = element
                return
            }
            let (slot, offset) = slot(for: index, inserting: false)
            uniqueChild(slot)
            children[slot].replace(at: offset, with: element)
        }
    }

    // The tree, once the list outgrew one leaf; until then `nil`, and the elements are in `small`.
    @usableFromInline var root: Node?
    @usableFromInline var small: [Element]

    /// An empty list.
    @inlinable public init() {
        root = nil
        small = []
    }

    /// A list of `elements`, in order.
    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
        let all = Array(elements)
        small = []
        guard all.count > Self.leafCapacity else {
            small = all
            root = nil
            return
        }
        var level = stride(from: 0, to: all.count, by: Self.leafCapacity).map {
            Node(elements: Array(all[$0..<Swift.min($0 + Self.leafCapacity, all.count)]))
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: Self.branchCapacity).map {
                Node(children: Array(level[$0..<Swift.min($0 + Self.branchCapacity, level.count)]))
            }
        }
        root = level.first
    }

    /// A list of the literal's elements.
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// Always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of elements.
    @inlinable public var endIndex: Int { count }
    /// The number of elements, in O(1).
    @inlinable public var count: Int { root?.count ?? small.count }

    /// The element at `position`, in O(log n).
    @inlinable public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "TreeList index out of range")
        guard let root else { return small[position] }
        return root.element(at: position)
    }

    /// Reads from the element at `position` in place, without copying the element, in O(log n).
    ///
    /// For a look at a field or two of a large element (a binary search by key, a comparison).
    @inlinable public func read<Value>(_ position: Int, _ body: (Element) -> Value) -> Value {
        precondition(position >= 0 && position < count, "TreeList index out of range")
        guard let root else { return small.withUnsafeBufferPointer { body($0[position]) } }
        let (leaf, offset) = root.leaf(containing: position)
        return leaf.elements.withUnsafeBufferPointer { body($0[offset]) }
    }

    /// Makes `node` (the tree's root, taken out of the list) unique: copied if shared.
    @inlinable static func makeUnique(_ node: inout Node) {
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    }

    /// Inserts `element` at `index` (0...count), in O(log n).
    @inlinable public mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "TreeList index out of range")
        var root: Node
        if let tree = self.root.take() {
            root = tree
            Self.makeUnique(&root)
        } else {
            guard small.count == Self.leafCapacity else { return small.insert(element, at: index) }
            // Full: the elements become the tree's first leaf.
            root = Node(elements: small)
            small = []
        }
        if let right = root.insert(element, at: index) { root = Node(children: [root, right]) }
        self.root = root
    }

    /// Removes and returns the element at `index`, in O(log n).
    @inlinable @discardableResult
    public mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "TreeList index out of range")
        guard var root = self.root.take() else { return small.remove(at: index) }
        Self.makeUnique(&root)
        let removed = root.remove(at: index)
        while !root.isLeaf, root.children.count <= 1 {
            root = root.children.first ?? Node(elements: [])
        }
        self.root = root
        return removed
    }

    /// Replaces the element at `index`, in O(log n).
    @inlinable public mutating func replace(at index: Int, with element: Element) {
        precondition(index >= 0 && index < count, "TreeList index out of range")
        guard var root = self.root.take() else {
            small[index] = element
            return
        }
        Self.makeUnique(&root)
        root.replace(at: index, with: element)
        self.root = root
    }

    /// ``replace(at:with:)`` in a list whose elements a copy shares (a snapshot's, as every store
    /// update's list does): a short list's elements are copied into the storage of `spare`, which
    /// gets the shared storage in return, instead of into a new array.
    ///
    /// The caller keeps `spare` for the next change: by then the snapshot that shared the storage it
    /// got is usually gone, and the copy needs no allocation. A `spare` storage something still holds
    /// is copied first, as any shared array is; a tree is edited as ``replace(at:with:)`` edits it.
    ///
    /// The element is taken, not borrowed: a caller's last use of it is moved into the list rather
    /// than copied in (a reference counted for each of its fields) and destroyed after.
    @inlinable public mutating func replace(
        at index: Int, with element: consuming Element, spare: inout [Element]
    ) {
        guard root == nil else { return replace(at: index, with: element) }
        precondition(index >= 0 && index < small.count, "TreeList index out of range")
        if spare.count == small.count {
            // Usually the same rows, one change older: assigned in place, no storage emptied first.
            for position in small.indices where position != index { spare[position] = small[position] }
            spare[index] = element
        } else {
            spare.removeAll(keepingCapacity: true)
            spare.append(contentsOf: small)
            spare[index] = element
        }
        swap(&small, &spare)
    }

    /// Walks the leaves in order, in O(n) for the whole list.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var path: [(node: Node, next: Int)]
        @usableFromInline var leaf: [Element] = []
        @usableFromInline var position = 0

        @inlinable init(root: Node?, small: [Element]) {
            guard let root else {
                path = []
                leaf = small
                return
            }
            path = [(root, 0)]
            if root.isLeaf {
                path = []
                leaf = root.elements
            }
        }

        /// The next element, if any.
        @inlinable public mutating func next() -> Element? {
            while position == leaf.count {
                guard let (node, next) = path.popLast() else { return nil }
                guard next < node.children.count else { continue }
                path.append((node, next + 1))
                var child = node.children[next]
                while !child.isLeaf {
                    path.append((child, 1))
                    child = child.children[0]
                }
                leaf = child.elements
                position = 0
            }
            defer { position += 1 }
            return leaf[position]
        }
    }

    /// An iterator over the elements in order.
    @inlinable public func makeIterator() -> Iterator { Iterator(root: root, small: small) }

    /// Whether both lists hold equal elements in the same order; shared storage answers at once.
    @inlinable public static func == (lhs: TreeList, rhs: TreeList) -> Bool {
        guard lhs.count == rhs.count else { return false }
        switch (lhs.root, rhs.root) {
        case (nil, nil): return lhs.small == rhs.small
        case (let left?, let right?) where left === right: return true
        default: return lhs.elementsEqual(rhs)
        }
    }

    /// Hashes the elements in order.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
