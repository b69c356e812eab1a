import Models

/// A screen's elements written over those of its last render, one slot at a time.
///
/// Most of a render's elements are the very same values as the last render's at the same place (the
/// buttons, the allowance line, "Log out"): ``put(_:)`` leaves such an element where it is, where
/// emptying the array and appending it again released and retained it. An element is left only when
/// it is bit for bit the one already there (the same string, the same box), which is the same value;
/// any other is written over the old one. ``finish()`` takes off what the last render had beyond the
/// new one's end, so the result is exactly the elements put, as if appended to an empty array.
struct ElementSlots {
    /// The elements: those put so far (before ``end``), then what is left of the last render's.
    private(set) var elements: [ScreenElement]
    /// Where the next element goes.
    private(set) var end: Int

    /// Slots over `elements`, moved in (no copy; `elements` is left empty), writing from `start`
    /// (`elements.count` to append).
    init(taking elements: inout [ScreenElement], from start: Int) {
        self.elements = []
        swap(&self.elements, &elements)
        end = min(max(start, 0), self.elements.count)
    }

    /// Puts `element` in the next slot: left as it is when it is bit for bit the one there.
    @inline(__always)
    mutating func put(_ element: ScreenElement) {
        if end < elements.count {
            if !Self.holds(elements, at: end, bitsOf: element) { elements[end] = element }
        } else {
            elements.append(element)
        }
        end += 1
    }

    /// Takes off the elements after ``end`` (left from a longer last render) and moves the rest into
    /// `target` (no copy), leaving the slots empty.
    ///
    /// They are taken off one at a time from the end: `removeSubrange` went through a generic
    /// `replaceSubrange` and the runtime's `swift_arrayDestroy`.
    mutating func finish(into target: inout [ScreenElement]) {
        while elements.count > end { elements.removeLast() }
        target = []
        swap(&target, &elements)
        end = 0
    }

    /// Whether `elements[index]` has exactly the bits of `element`: then they are the same value
    /// (the same case, the same strings, the same boxes). Differing bits (even in bytes the case does
    /// not use) only mean the element is written again.
    @inline(__always)
    private static func holds(_ elements: [ScreenElement], at index: Int, bitsOf element: ScreenElement)
        -> Bool
    {
        let size = MemoryLayout<ScreenElement>.size
        let offset = index * MemoryLayout<ScreenElement>.stride
        return elements.withUnsafeBytes { old in
            withUnsafeBytes(of: element) { new in
                var byte = 0
                while byte + 8 <= size {
                    if old.loadUnaligned(fromByteOffset: offset + byte, as: UInt64.self)
                        != new.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
                    {
                        return false
                    }
                    byte += 8
                }
                while byte < size {
                    if old[offset + byte] != new[byte] { return false }
                    byte += 1
                }
                return true
            }
        }
    }
}
