/// What is left of today's swipe allowance, shown on the deck.
public struct LikesLeft: Hashable, Sendable, Codable {
    /// Likes left today.
    public var likes: Int
    /// Super likes left today.
    public var superLikes: Int

    /// Creates the counters.
    public init(likes: Int, superLikes: Int) {
        self.likes = likes
        self.superLikes = superLikes
    }

    /// "Likes left today: N · Super likes left: M".
    public var text: String { "Likes left today: \(likes) · Super likes left: \(superLikes)" }
}
