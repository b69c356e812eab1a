/// A binary min-heap: push and pop in O(log n).
public struct MinHeap<Element: Comparable> {
    private var elements: [Element] = []

    /// Creates an empty heap.
    public init() {}

    /// The number of elements.
    public var count: Int { elements.count }

    /// The smallest element, if any.
    public var peek: Element? { elements.first }

    /// Every element, in the heap's own order (not sorted).
    public var unordered: [Element] { elements }

    /// Adds an element.
    public mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element, if any.
    public mutating func pop() -> Element? {
        guard elements.count > 1 else { return elements.popLast() }
        elements.swapAt(0, elements.count - 1)
        let smallest = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallestIndex = parent
            if left < elements.count, elements[left] < elements[smallestIndex] { smallestIndex = left }
            if right < elements.count, elements[right] < elements[smallestIndex] { smallestIndex = right }
            guard smallestIndex != parent else { break }
            elements.swapAt(parent, smallestIndex)
            parent = smallestIndex
        }
        return smallest
    }

    /// Removes and returns the smallest element if `isDue` says so of it; `nil`, removing nothing,
    /// when the heap is empty or the smallest is not due.
    public mutating func pop(if isDue: (Element) -> Bool) -> Element? {
        guard let smallest = peek, isDue(smallest) else { return nil }
        return pop()
    }
}

extension MinHeap: Sendable where Element: Sendable {}
