/// A binary min-heap: push and pop in O(log n).
public struct MinHeap<Element: Comparable> {
    private var elements: [Element] = []

    /// Creates an empty heap.
    public init() {}

    /// Creates an empty heap with room for `minimumCapacity` elements before it grows.
    public init(minimumCapacity: Int) {
        elements.reserveCapacity(minimumCapacity)
    }

    /// The number of elements.
    public var count: Int { elements.count }

    /// The smallest element, if any.
    public var peek: Element? { elements.first }

    /// Every element, in the heap's own order (not sorted).
    public var unordered: [Element] { elements }

    /// Adds an element.
    ///
    /// Elements are compared and moved through the buffer in place: read through the array, each
    /// comparison copied both elements out first (a retain and a release per reference they hold).
    public mutating func push(_ element: consuming Element) {
        elements.append(element)
        elements.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child] < heap[parent] else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
    }

    /// Removes and returns the smallest element, if any.
    public mutating func pop() -> Element? {
        // Alone (or none), the element needs no sifting: a scheduler's queue mostly holds one answer.
        guard elements.count > 1 else { return elements.popLast() }
        let last = elements.count - 1
        elements.withUnsafeMutableBufferPointer { heap in heap.swapAt(0, last) }
        let smallest = elements.removeLast()
        elements.withUnsafeMutableBufferPointer { heap in
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallestIndex = parent
                if left < heap.count, heap[left] < heap[smallestIndex] { smallestIndex = left }
                if right < heap.count, heap[right] < heap[smallestIndex] { smallestIndex = right }
                guard smallestIndex != parent else { break }
                heap.swapAt(parent, smallestIndex)
                parent = smallestIndex
            }
        }
        return smallest
    }

    /// Removes and returns the smallest element if `isDue` says so of it; `nil`, removing nothing,
    /// when the heap is empty or the smallest is not due (looked at in place, not copied out).
    public mutating func pop(if isDue: (Element) -> Bool) -> Element? {
        guard elements.withUnsafeBufferPointer({ !$0.isEmpty && isDue($0[0]) }) else { return nil }
        return pop()
    }
}

extension MinHeap: Sendable where Element: Sendable {}
