/// Builds a short text from pieces by copying their UTF-8 bytes, then makes one `String` of them.
///
/// Screen lines are rebuilt on every swipe and message; appending pieces to a `String` costs a few
/// hundred instructions each (the string checks and grows its storage every time), copying bytes
/// costs a few dozen. The text is the same as the pieces concatenated.
public struct TextBuilder: Sendable {
    private var bytes: [UInt8] = []

    /// Creates an empty builder with room for `capacity` bytes.
    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Whether nothing was appended yet.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Appends a text.
    public mutating func append(_ text: String) {
        // Native and literal strings hand over their bytes at once; others are read one by one.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends a number in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int) {
        guard value >= 0 else { return append(String(value)) }
        let count = Self.digitCount(of: value)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        bytes.withUnsafeMutableBytes { buffer in
            let digits = UnsafeMutableRawBufferPointer(rebasing: buffer[start...])
            _ = Self.write(value, digits: count, to: digits)
        }
    }

    /// The text built so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

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
