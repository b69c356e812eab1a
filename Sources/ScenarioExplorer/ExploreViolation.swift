/// An invariant the explorer found broken: which one, and what it saw.
public struct ExploreViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The invariants the explorer checks after every step.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An error reached the root flow with nobody to handle it.
        case unhandledError = "unhandled-error"
        /// A list's changes did not lead to the rows its snapshot holds.
        case listOutOfSync = "list-out-of-sync"
        /// A screen move no flow declares, or what an ended session or process left behind.
        case runCheck = "run-check"
        /// A counter (unread, outbox, queue, likes left, a countdown) went below zero.
        case negativeCounter = "negative-counter"
        /// A message shows, or reached the server, twice.
        case duplicateItem = "duplicate-item"
        /// A swipe or message made stays unsent, not shown failed, while the network is up.
        case stuckItem = "stuck-item"
        /// An open conversation lacks the newest message the server has for it.
        case missingMessage = "missing-message"
        /// A token or a password typed into a secure field shows in the transcript.
        case secretInTranscript = "secret-in-transcript"
        /// More scheduled work than the exploration's budget: a timer that re-arms itself.
        case runaway
    }

    /// Which invariant.
    public let kind: Kind
    /// What was seen.
    public let message: String

    /// Creates a violation.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
