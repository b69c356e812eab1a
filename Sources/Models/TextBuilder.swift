/// Builds a short text from pieces by copying their UTF-8 bytes, then makes one `String` of them.
///
/// Screen lines are rebuilt on every swipe and message; appending pieces to a `String` costs a few
/// hundred instructions each (the string checks and grows its storage every time), copying bytes
/// costs a few dozen. Up to ``inlineCapacity`` bytes are kept inside the builder, so a short line
/// allocates only its `String`. The text is the same as the pieces concatenated.
public struct TextBuilder: Sendable {
    /// How many bytes are kept inline, without allocating: a card's line fits.
    public static let inlineCapacity = 128

    // The bytes, inline while they fit (`overflow` is nil), else all of them in `overflow`: an
    // array per line cost an allocation and a free, as much as the copying itself.
    private var inline = InlineArray<128, UInt8>(repeating: 0)
    private var overflow: [UInt8]?
    private var count = 0

    /// Creates an empty builder with room for `capacity` bytes.
    public init(capacity: Int) {
        if capacity > Self.inlineCapacity {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(capacity)
            overflow = bytes
        }
    }

    /// Whether nothing was appended yet.
    public var isEmpty: Bool { count == 0 }

    /// Appends a text.
    public mutating func append(_ text: String) {
        var text = text
        // Native and literal strings hand over their bytes at once (others are made native first).
        text.withUTF8 { source in
            write(source.count) { target in _ = target.initialize(fromContentsOf: source) }
        }
    }

    /// Appends a number in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int) {
        guard value >= 0 else { return append(String(value)) }
        let digits = Self.digitCount(of: value)
        write(digits) { target in
            _ = Self.write(value, digits: digits, to: UnsafeMutableRawBufferPointer(target))
        }
    }

    /// Lets `body` fill the next `length` bytes.
    private mutating func write(_ length: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        guard length > 0 else { return }
        let start = count
        count += length
        if overflow == nil, count <= Self.inlineCapacity {
            var span = inline.mutableSpan
            span.withUnsafeMutableBufferPointer { buffer in
                body(UnsafeMutableBufferPointer(rebasing: buffer[start..<start + length]))
            }
            return
        }
        var bytes = overflow.take() ?? inlineBytes(start)
        bytes.append(contentsOf: repeatElement(0, count: length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            body(UnsafeMutableBufferPointer(rebasing: buffer[start..<start + length]))
        }
        overflow = bytes
    }

    /// The first `length` inline bytes, as an array with room to grow.
    private func inlineBytes(_ length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 * Self.inlineCapacity)
        inline.span.withUnsafeBufferPointer { bytes.append(contentsOf: $0[..<length]) }
        return bytes
    }

    /// The text built so far.
    public var text: String {
        if let overflow { return String(decoding: overflow, as: UTF8.self) }
        let count = count
        return inline.span.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
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
