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
