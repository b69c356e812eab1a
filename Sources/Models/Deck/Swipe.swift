import Foundation

/// One swipe as the client queues and sends it; ``id`` makes sending idempotent.
public struct Swipe: Hashable, Codable, Sendable, Identifiable {
    /// The client's id for this swipe; the server applies each id once.
    public var id: String
    /// Whose card.
    public var candidate: UserID
    /// What was done.
    public var action: SwipeAction
    /// When, on the client's clock.
    public var swipedAt: Date

    /// Creates a swipe.
    public init(id: String, candidate: UserID, action: SwipeAction, swipedAt: Date) {
        self.id = id
        self.candidate = candidate
        self.action = action
        self.swipedAt = swipedAt
    }
}
