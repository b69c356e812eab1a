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
    /// `given user`; see ``SecretMask``), the caret moved to match.
    public var description: String {
        let shown = SecretMask.unparsedLine(lineText, column: column)
        let caret = String(repeating: " ", count: max(0, shown.column - 1)) + "^"
        return "\(path):\(line):\(column): error: \(message)\n    \(shown.text)\n    \(caret)"
    }
}
