import Models

/// Checks a message before it is sent: trimmed, not empty, at most 5,000 characters.
public enum MessageValidator {
    /// The longest message accepted, in characters.
    public static let maximumLength = 5_000

    /// The text to send, trimmed, or why it cannot be sent.
    public static func validate(_ text: String) -> Result<String, MessageProblemError> {
        let trimmed = hasVisibleEnds(text) ? text : Whitespace.trimmed(text)
        if trimmed.isEmpty { return .failure(MessageProblemError(problem: .empty)) }
        // No more bytes than the limit means no more characters either: counting them needs breaking
        // the text into grapheme clusters.
        if trimmed.utf8.count > maximumLength, trimmed.count > maximumLength {
            return .failure(MessageProblemError(problem: .tooLong(maximum: maximumLength)))
        }
        return .success(trimmed)
    }

    /// Whether `text` begins and ends with a visible ASCII character (most messages): then it has no
    /// white space to trim, and ``Whitespace/trimmed(_:)`` is not called to walk its scalars.
    ///
    /// The ends are read in the text's contiguous UTF-8 (a native string's own, in place): the UTF-8
    /// view's `last` steps back through generic index code.
    private static func hasVisibleEnds(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
        }
    }
}

/// A ``MessageProblem`` as an error.
public struct MessageProblemError: Error, Hashable, Sendable {
    /// The problem.
    public let problem: MessageProblem

    /// Wraps a problem.
    public init(problem: MessageProblem) { self.problem = problem }
}
