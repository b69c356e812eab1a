/// Builds a short text from pieces by copying their UTF-8 bytes, then makes one `String` of them.
///
/// Screen lines are rebuilt on every swipe and message; appending pieces to a `String` costs a few
/// hundred instructions each (the string checks and grows its storage every time), copying bytes
/// costs a few dozen. The text is the same as the pieces concatenated.
public struct TextBuilder: Sendable {
    /// Bytes kept in place while the text fits: eight words, 64 bytes, longer than any screen line the
    /// engine builds per swipe. A builder whose text fits allocates nothing until ``text`` (and nothing
    /// at all for a text of up to 15 bytes, which `String` keeps inline too); an array of bytes cost an
    /// allocation per text built besides the string's own.
    private typealias Inline = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    private static let inlineCapacity = MemoryLayout<Inline>.size

    private var inline: Inline = (0, 0, 0, 0, 0, 0, 0, 0)
    // How many bytes of `inline` are used; unused once the text has moved to `spilled`.
    private var inlineCount = 0
    // The text once it outgrew `inline` (or was asked more room than it has); empty until then.
    private var spilled: [UInt8] = []
    private var isSpilled = false

    /// Creates an empty builder with room for `capacity` bytes.
    public init(capacity: Int) {
        if capacity > Self.inlineCapacity { moveToArray(reserving: capacity) }
    }

    /// Whether nothing was appended yet.
    public var isEmpty: Bool { isSpilled ? spilled.isEmpty : inlineCount == 0 }

    /// Appends a text.
    public mutating func append(_ text: String) {
        // Native and literal strings hand over their bytes at once; others are read one by one.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable {
            append(bytes: UnsafeRawBufferPointer($0))
        }
        if copied == nil {
            for byte in text.utf8 { withUnsafeBytes(of: byte) { append(bytes: $0) } }
        }
    }

    /// Appends a number in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int) {
        guard value >= 0 else { return append(String(value)) }
        let count = Self.digitCount(of: value)
        if !isSpilled, inlineCount + count <= Self.inlineCapacity {
            let start = inlineCount
            withUnsafeMutableBytes(of: &inline) { buffer in
                // In bounds: `start + count` is at most `inlineCapacity`, the buffer's size.
                _ = Self.write(
                    value, digits: count,
                    to: UnsafeMutableRawBufferPointer(rebasing: buffer[start..<start + count]))
            }
            inlineCount += count
            return
        }
        moveToArray(reserving: count)
        let start = spilled.count
        spilled.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        spilled.withUnsafeMutableBytes { buffer in
            let digits = UnsafeMutableRawBufferPointer(rebasing: buffer[start...])
            _ = Self.write(value, digits: count, to: digits)
        }
    }

    /// The text built so far.
    public var text: String {
        if isSpilled { return String(decoding: spilled, as: UTF8.self) }
        let count = inlineCount
        guard count > 0 else { return "" }
        return withUnsafeBytes(of: inline) { buffer in
            String(unsafeUninitializedCapacity: count) { utf8 in
                // In bounds: `count` bytes fit both the inline buffer and the string's new storage.
                UnsafeMutableRawBufferPointer(utf8).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                return count
            }
        }
    }

    /// Appends the bytes in `source`: in place while they fit, else to the array.
    private mutating func append(bytes source: UnsafeRawBufferPointer) {
        guard !source.isEmpty else { return }
        if !isSpilled, inlineCount + source.count <= Self.inlineCapacity {
            let start = inlineCount
            withUnsafeMutableBytes(of: &inline) { buffer in
                // In bounds: `start + source.count` is at most `inlineCapacity`, the buffer's size.
                UnsafeMutableRawBufferPointer(rebasing: buffer[start..<start + source.count])
                    .copyMemory(from: source)
            }
            inlineCount += source.count
            return
        }
        moveToArray(reserving: source.count)
        spilled.append(contentsOf: source)
    }

    /// Moves the bytes kept in place to the array, with room for `extra` more; once moved, the
    /// builder appends to the array only.
    private mutating func moveToArray(reserving extra: Int) {
        guard !isSpilled else { return }
        isSpilled = true
        spilled.reserveCapacity(max(inlineCount + extra, 2 * Self.inlineCapacity))
        let count = inlineCount
        withUnsafeBytes(of: inline) { buffer in
            spilled.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        inlineCount = 0
    }

    /// Writes `value` (not negative) in decimal, left-padded with zeros to `digits` digits, to the
    /// start of `output`; returns `digits`.
    public static func write(_ value: Int, digits: Int, to output: UnsafeMutableRawBufferPointer) -> Int {
        var rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return digits
    }

    /// How many decimal digits a number that is not negative has.
    public static func digitCount(of value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
