import Models

/// Checks a message before it is sent: trimmed, not blank, at most 5,000 characters.
///
/// A message that shows nothing (only white space and invisible characters such as zero-width
/// joiners, word joiners or a byte-order mark, see ``Whitespace/isBlank(_:)``) is refused as empty;
/// a message with something visible is sent as typed, its invisible characters kept (an emoji's
/// joiners and variation selectors belong to it), only the white space at its ends trimmed.
public enum MessageValidator {
    /// The longest message accepted, in characters.
    public static let maximumLength = 5_000

    /// The text to send, trimmed, or why it cannot be sent.
    public static func validate(_ text: String) -> Result<String, MessageProblemError> {
        let trimmed = Whitespace.trimmed(text)
        if Whitespace.isBlank(trimmed) { return .failure(MessageProblemError(problem: .empty)) }
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
