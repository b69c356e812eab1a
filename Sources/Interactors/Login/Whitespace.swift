/// White space at the ends of text typed or pasted by a user (a message, a deep link), and text that
/// shows nothing.
///
/// White space is Unicode's White_Space (spaces, tabs, line breaks) and the zero-width space: what
/// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` takes off (a test compares the two
/// on every scalar up to U+3100), the same on every platform. Text is blank (``isBlank(_:)``) when it
/// holds nothing but white space and invisible characters, so a message or a field of zero-width
/// joiners reads as the empty one it looks like.
public enum Whitespace {
    /// `text` without the white space at either end.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether `text` shows nothing: it is empty or holds only white space and invisible characters.
    ///
    /// Invisible are control characters; format characters (the zero-width space, non-joiner and
    /// joiner U+200B–U+200D, direction marks, the word joiner and the invisible operators
    /// U+2060–U+2064, the byte-order mark U+FEFF, the soft hyphen U+00AD, the Mongolian vowel separator
    /// U+180E, tags); every other code point Unicode says to ignore when it cannot be shown
    /// (Default_Ignorable_Code_Point: variation selectors, the combining grapheme joiner, Hangul
    /// fillers); and the blank Braille pattern U+2800, drawn as an empty cell.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isWhitespace($0) || isInvisible($0) }
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format: return true
        default: return properties.isDefaultIgnorableCodePoint || scalar == "\u{2800}"
        }
    }
}
