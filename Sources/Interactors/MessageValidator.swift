import Models

/// Checks a message before it is sent: trimmed, not empty, at most 5,000 characters.
public enum MessageValidator {
    /// The longest message accepted, in characters.
    public static let maximumLength = 5_000

    /// The text to send, trimmed, or why it cannot be sent.
    public static func validate(_ text: String) -> Result<String, MessageProblemError> {
        let trimmed = Whitespace.trimmed(text)
        if trimmed.isEmpty { return .failure(MessageProblemError(problem: .empty)) }
        if trimmed.count > maximumLength {
            return .failure(MessageProblemError(problem: .tooLong(maximum: maximumLength)))
        }
        return .success(trimmed)
    }
}

/// A ``Models/MessageProblem`` as an error.
public struct MessageProblemError: Error, Hashable, Sendable {
    /// The problem.
    public let problem: MessageProblem

    /// Wraps a problem.
    public init(problem: MessageProblem) { self.problem = problem }
}
