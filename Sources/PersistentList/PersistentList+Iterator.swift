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
