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
