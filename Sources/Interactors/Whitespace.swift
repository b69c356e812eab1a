/// White space at the ends of text typed or pasted by a user (a message, a deep link).
///
/// White space is Unicode's White_Space (spaces, tabs, line breaks) and the zero-width space: what
/// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` takes off (a test compares the two
/// on every scalar up to U+3100), the same on every platform.
public enum Whitespace {
    /// `text` without the white space at either end.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
