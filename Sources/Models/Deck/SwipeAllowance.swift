import Foundation

/// How many likes and super likes the user has left today, and when the allowance resets.
public struct SwipeAllowance: Hashable, Codable, Sendable {
    /// Likes per day.
    public var dailyLikes: Int
    /// Likes left until ``resetsAt``.
    public var likesRemaining: Int
    /// Super likes per day.
    public var dailySuperLikes: Int
    /// Super likes left until ``resetsAt``.
    public var superLikesRemaining: Int
    /// When both counts return to their daily values.
    public var resetsAt: Date

    /// Creates an allowance.
    public init(
        dailyLikes: Int, likesRemaining: Int, dailySuperLikes: Int, superLikesRemaining: Int, resetsAt: Date
    ) {
        self.dailyLikes = dailyLikes
        self.likesRemaining = likesRemaining
        self.dailySuperLikes = dailySuperLikes
        self.superLikesRemaining = superLikesRemaining
        self.resetsAt = resetsAt
    }
}
