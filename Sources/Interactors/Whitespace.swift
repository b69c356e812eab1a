/// White space at the ends of text typed or pasted by a user (a message, a deep link).
///
/// Pure Swift: Foundation's `trimmingCharacters(in:)` goes through `NSString` on Linux, which cost
/// tens of thousands of instructions for a short message.
public enum Whitespace {
    /// `text` without the white space at either end, scalar by scalar.
    ///
    /// White space is Unicode's White_Space (spaces, tabs, line breaks) and the zero-width space:
    /// what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` takes off (a test compares
    /// the two on every scalar up to U+3100).
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while start < end {
            let last = scalars.index(before: end)
            guard isWhitespace(scalars[last]) else { break }
            end = last
        }
        if start == scalars.startIndex, end == scalars.endIndex { return text }
        return String(scalars[start..<end])
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: true
        case 0..<0x80: false
        // Foundation counts the zero-width space as white space too.
        case 0x200B: true
        default: scalar.properties.isWhitespace
        }
    }
}
