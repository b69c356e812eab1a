import Models

/// Short ASCII texts made of a prefix and a decimal number (`c17`, `g40`, `msg-000000012`), written
/// straight into the string's storage.
///
/// Ids and cursors are made for every pool position a page looks at and every message sent; string
/// interpolation costs several times as much as writing the few bytes directly.
enum DecimalText {
    /// `prefix` followed by `value` in decimal, left-padded with zeros to at least `minimumDigits`
    /// digits; the same text as `prefix + String(value)` (padded) for any value that is not negative.
    static func make(_ prefix: StaticString, _ value: Int, minimumDigits: Int = 1) -> String {
        guard value >= 0 else {
            let digits = String(value)
            return "\(prefix)" + String(repeating: "0", count: max(0, minimumDigits - digits.count)) + digits
        }
        let digitCount = max(minimumDigits, digitCount(of: value))
        let prefixCount = prefix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: prefixCount + digitCount) { output in
            prefix.withUTF8Buffer {
                UnsafeMutableRawBufferPointer(output).copyMemory(from: UnsafeRawBufferPointer($0))
            }
            let digits = UnsafeMutableRawBufferPointer(
                UnsafeMutableBufferPointer(rebasing: output[prefixCount...]))
            return prefixCount + write(value, digits: digitCount, to: digits)
        }
    }

    /// How many decimal digits a number that is not negative has.
    static func digitCount(of value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes `value` (not negative) in decimal, left-padded with zeros to `digits` digits, to the
    /// start of `output`; returns `digits`.
    static func write(_ value: Int, digits: Int, to output: UnsafeMutableRawBufferPointer) -> Int {
        var rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return digits
    }

    /// The value of `text` after `prefix` if the rest is a canonical decimal number (ASCII digits, no
    /// sign, no leading zero unless it is `0` itself) that fits in an `Int`; `nil` otherwise.
    ///
    /// Exactly the texts that ``make(_:_:minimumDigits:)`` gives, unpadded (`minimumDigits` 1), for a
    /// number that is not negative; zero-padded texts are refused.
    static func parse(_ text: String, after prefix: UInt8) -> Int? {
        // The bytes in place (a short id's are copied out of the string's bits): walking the UTF-8 view
        // by index took a branch for every kind of string at every byte.
        text.utf8.withContiguousStorageIfAvailable { parse($0, after: prefix) }
            ?? parse(Array(text.utf8), after: prefix)
    }

    /// ``parse(_:after:)`` of UTF-8 bytes.
    private static func parse(_ utf8: some Collection<UInt8>, after prefix: UInt8) -> Int? {
        var utf8 = utf8.makeIterator()
        guard utf8.next() == prefix, let first = utf8.next(), let firstValue = digitValue(first) else {
            return nil
        }
        var value = Int(firstValue)
        while let byte = utf8.next() {
            guard value != 0, let digit = digitValue(byte) else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(Int(digit))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : nil
    }
}
