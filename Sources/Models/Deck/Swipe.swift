import Foundation

/// One swipe as the client queues and sends it; ``id`` makes sending idempotent.
public struct Swipe: QueueItem, Identifiable {
    /// The client's id for this swipe; the server applies each id once.
    public var id: String
    /// Whose card.
    public var candidate: UserID
    /// What was done.
    public var action: SwipeAction
    /// When, on the client's clock.
    public var swipedAt: Date
    /// Whether the user took the pass back after the server had it: the queue asks the server to undo
    /// it (kept across relaunches until it lands).
    public var isUndo: Bool
    /// The match the client saw the swipe make (and announced), kept while the swipe waits so a
    /// relaunch neither announces it again nor hides its conversation before the server has the
    /// swipe; `nil` for other swipes and in a queue written before it was kept.
    public var match: Match?

    /// The deck keeps its swipes in one order.
    public var lane: String { "deck" }

    /// A swipe waits for nothing but the swipes before it.
    public var dependsOn: String? { nil }

    /// Creates a swipe.
    public init(
        id: String, candidate: UserID, action: SwipeAction, swipedAt: Date, isUndo: Bool = false,
        match: Match? = nil
    ) {
        self.id = id
        self.candidate = candidate
        self.action = action
        self.swipedAt = swipedAt
        self.isUndo = isUndo
        self.match = match
    }

    private enum CodingKeys: String, CodingKey {
        case id, candidate, action, swipedAt, isUndo, match
    }

    /// Reads a swipe; one kept before undos and matches were queued is not an undo and has no match.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        candidate = try container.decode(UserID.self, forKey: .candidate)
        action = try container.decode(SwipeAction.self, forKey: .action)
        swipedAt = try container.decode(Date.self, forKey: .swipedAt)
        isUndo = try container.decodeIfPresent(Bool.self, forKey: .isUndo) ?? false
        match = try container.decodeIfPresent(Match.self, forKey: .match)
    }

    /// Writes a swipe; `isUndo` and `match` only when set, so other swipes read as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(action, forKey: .action)
        try container.encode(swipedAt, forKey: .swipedAt)
        if isUndo { try container.encode(isUndo, forKey: .isUndo) }
        try container.encodeIfPresent(match, forKey: .match)
    }
}
