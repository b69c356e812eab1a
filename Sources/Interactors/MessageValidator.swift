import Models

/// Checks a message before it is sent: trimmed, not empty, at most 5,000 characters.
public enum MessageValidator {
    /// The longest message accepted, in characters.
    public static let maximumLength = 5_000

    /// The text to send, trimmed, or why it cannot be sent.
    public static func validate(_ text: String) -> Result<String, MessageProblemError> {
        let trimmed = trimmingWhitespace(text)
        if trimmed.isEmpty { return .failure(MessageProblemError(problem: .empty)) }
        // No more bytes than the limit means no more characters either: counting them needs breaking
        // the text into grapheme clusters.
        if trimmed.utf8.count > maximumLength, trimmed.count > maximumLength {
            return .failure(MessageProblemError(problem: .tooLong(maximum: maximumLength)))
        }
        return .success(trimmed)
    }

    /// `text` without the white space (Unicode's White_Space: spaces, tabs, line breaks, and the
    /// zero-width space) at either end, scalar by scalar — what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// gives, without going through `NSString`.
    public static func trimmingWhitespace(_ text: String) -> String {
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

/// A ``MessageProblem`` as an error.
public struct MessageProblemError: Error, Hashable, Sendable {
    /// The problem.
    public let problem: MessageProblem

    /// Wraps a problem.
    public init(problem: MessageProblem) { self.problem = problem }
}
