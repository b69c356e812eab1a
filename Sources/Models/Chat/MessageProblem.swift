/// Why a message cannot be sent as typed.
public enum MessageProblem: Hashable, Sendable {
    /// Empty, or only white space and invisible characters (zero-width joiners, a byte-order mark…).
    case empty
    /// Longer than the maximum number of characters.
    case tooLong(maximum: Int)
    /// The match ended; nothing can be sent to it.
    case unmatched
}
