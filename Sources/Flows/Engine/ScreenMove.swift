import Models

/// One change of the screen on top, with the flow that made it: what a front end that is
/// ``MoveAttributing`` records, and ``FlowGraph/check(_:)`` checks.
public struct ScreenMove: Hashable, Sendable, CustomStringConvertible {
    /// The flow that made the move; `nil` when no flow was named (a bug: flows change the screen
    /// through ``FlowEnvironment``).
    public let flow: String?
    /// The screen on top before; `nil` when nothing was shown (a launch).
    public let from: ScreenID?
    /// The screen on top after.
    public let to: ScreenID
    /// Whether the flow showed `to` itself (set as root, pushed, presented) rather than uncovering it
    /// (a pop or dismiss).
    public let shows: Bool

    /// Creates a move.
    public init(flow: String?, from: ScreenID?, to: ScreenID, shows: Bool) {
        self.flow = flow
        self.from = from
        self.to = to
        self.shows = shows
    }

    /// The move as `Flow: from -> to`.
    public var description: String {
        "\(flow ?? "no flow"): \(from.map(\.rawValue) ?? "nothing") -> \(to)"
    }
}
