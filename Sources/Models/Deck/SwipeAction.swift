/// What the user did with a card.
public enum SwipeAction: String, Hashable, Codable, Sendable, CaseIterable {
    /// Swipe right.
    case like
    /// Swipe left.
    case pass
    /// Swipe up: a like the other person sees as special; a small daily allowance.
    case superLike
}
