import Foundation
import Models

/// Applies the daily like and super like allowance to a swipe.
public enum SwipeLimiter {
    /// Whether a swipe may happen, and the allowance after it.
    public enum Decision: Hashable, Sendable {
        /// Go ahead; this is the allowance after the swipe.
        case allowed(SwipeAllowance)
        /// No likes left until the date.
        case outOfLikes(resetsAt: Date)
        /// No super likes left until the date.
        case outOfSuperLikes(resetsAt: Date)
    }

    /// The allowance at `now`: back to the daily counts once ``SwipeAllowance/resetsAt`` has passed,
    /// with the next reset a whole number of days later.
    public static func current(_ allowance: SwipeAllowance, at now: Date) -> SwipeAllowance {
        guard now >= allowance.resetsAt else { return allowance }
        let day: TimeInterval = 24 * 3600
        let days = (now.timeIntervalSince(allowance.resetsAt) / day).rounded(.down) + 1
        return SwipeAllowance(
            dailyLikes: allowance.dailyLikes, likesRemaining: allowance.dailyLikes,
            dailySuperLikes: allowance.dailySuperLikes, superLikesRemaining: allowance.dailySuperLikes,
            resetsAt: allowance.resetsAt.addingTimeInterval(days * day))
    }

    /// Decides a swipe. A pass is always allowed; a like spends a like; a super like spends a super
    /// like (and not a like).
    public static func decide(_ action: SwipeAction, allowance: SwipeAllowance, at now: Date) -> Decision {
        var allowance = current(allowance, at: now)
        switch action {
        case .pass:
            return .allowed(allowance)
        case .like:
            guard allowance.likesRemaining > 0 else { return .outOfLikes(resetsAt: allowance.resetsAt) }
            allowance.likesRemaining -= 1
            return .allowed(allowance)
        case .superLike:
            guard allowance.superLikesRemaining > 0 else {
                return .outOfSuperLikes(resetsAt: allowance.resetsAt)
            }
            allowance.superLikesRemaining -= 1
            return .allowed(allowance)
        }
    }
}
