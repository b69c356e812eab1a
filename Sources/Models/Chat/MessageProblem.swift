/// Why a message cannot be sent as typed.
public enum MessageProblem: Hashable, Sendable {
    /// Empty or only whitespace.
    case empty
    /// Longer than the maximum number of characters.
    case tooLong(maximum: Int)
    /// The match ended; nothing can be sent to it.
    case unmatched
}
