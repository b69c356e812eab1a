import HeadlessFrontEnd

/// A mistake in a scenario file, with where it is.
public struct ScenarioSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public let path: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column.
    public let column: Int
    /// What is wrong.
    public let message: String
    /// The offending line as written: it may hold a secret (``description`` hides it).
    public let lineText: String

    /// Creates an error.
    public init(path: String, line: Int, column: Int, message: String, lineText: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.lineText = lineText
    }

    /// `path:line:column: message`, the line, and a caret under the column.
    ///
    /// The line is shown with what may be a secret hidden (the text after `type`, the password of
    /// `given user`; see ``HeadlessFrontEnd/SecretMask``), the caret moved to match. A line longer
    /// than ``shownWidth`` characters shows only the stretch around the column, with "…" where it is cut; a forbidden
    /// character (a control, a separator) or one made of more than ``shownScalars`` Unicode scalars (a
    /// letter under a pile of accents) shows as "�".
    public var description: String {
        let masked = SecretMask.unparsedLine(lineText, column: column)
        let characters = Array(masked.text)
        let column = masked.column
        let start = min(max(0, column - 1 - Self.shownWidth / 2), max(0, characters.count - Self.shownWidth))
        let end = min(characters.count, start + Self.shownWidth)
        let shown = characters[start..<end].map { character in
            ScenarioParser.isForbidden(character) || character.unicodeScalars.count > Self.shownScalars
                ? "\u{FFFD}" : character
        }
        let text = (start > 0 ? "…" : "") + String(shown) + (end < characters.count ? "…" : "")
        let caret = String(repeating: " ", count: max(0, column - 1 - start + (start > 0 ? 1 : 0))) + "^"
        return "\(path):\(line):\(self.column): error: \(message)\n    \(text)\n    \(caret)"
    }

    /// The most characters of the line ``description`` shows.
    public static let shownWidth = 120

    /// The most Unicode scalars of one character ``description`` shows.
    public static let shownScalars = 8
}
