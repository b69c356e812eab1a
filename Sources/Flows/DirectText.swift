/// Writes short texts straight into a new string's storage.
///
/// A ``TextBuilder`` copies the pieces into bytes of its own, then the string copies them again:
/// two allocations and two copies for each line of a card, which is built on every swipe. Measuring
/// the pieces first and writing them into `String(unsafeUninitializedCapacity:initializingUTF8With:)`
/// makes one allocation. The text is the same as the pieces concatenated.
enum DirectText {
    /// `first` followed by `second`, written into one new string.
    ///
    /// Built as the card's lines are (``DeckScreens/headline(_:)``): `first + second` went through
    /// the standard library's appending code, touched for this line alone on every swipe.
    static func joined(_ first: String, _ second: String) -> String {
        let length = first.utf8.count + second.utf8.count
        return String(unsafeUninitializedCapacity: length) { buffer in
            write(second, to: buffer, at: write(first, to: buffer, at: 0))
        }
    }

    /// `first`, `second` and `third` one after another, written into one new string.
    static func joined(_ first: String, _ second: String, _ third: String) -> String {
        let length = first.utf8.count + second.utf8.count + third.utf8.count
        return String(unsafeUninitializedCapacity: length) { buffer in
            write(third, to: buffer, at: write(second, to: buffer, at: write(first, to: buffer, at: 0)))
        }
    }

    /// Writes the UTF-8 bytes of `text` into `buffer` from `start`; returns the position after them.
    ///
    /// Never writes past the buffer's end: a byte that does not fit is left out (the callers measure
    /// the same pieces first, so none is).
    static func write(_ text: String, to buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        // Native and literal strings hand over their bytes at once (a byte at a time through the
        // UTF-8 view costs ten times as much); the count copied is clamped to the room left.
        let copied = text.utf8.withContiguousStorageIfAvailable { source -> Int in
            let count = min(source.count, buffer.count - start)
            guard count > 0, let from = source.baseAddress, let into = buffer.baseAddress else {
                return start
            }
            (into + start).initialize(from: from, count: count)
            return start + count
        }
        if let copied { return copied }
        var position = start
        for byte in text.utf8 where position < buffer.count {
            buffer[position] = byte
            position += 1
        }
        return position
    }

    /// Writes `value` (not negative) in decimal, `digits` digits long (``TextBuilder/digitCount(of:)``),
    /// into `buffer` from `start`; returns the position after it.
    ///
    /// Never writes past the buffer's end: digits that do not fit are left out.
    static func write(
        _ value: Int, digits: Int, to buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        let end = min(start + digits, buffer.count)
        var rest = value
        for position in stride(from: start + digits - 1, through: start, by: -1) {
            if position < end { buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
            rest /= 10
        }
        return end
    }
}
