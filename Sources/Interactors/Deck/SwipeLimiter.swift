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

    /// The allowance at `now`: back to the daily counts once ``Models/SwipeAllowance/resetsAt`` has passed,
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

    /// Decides a swipe.
    ///
    /// A pass is always allowed; a like spends a like; a super like spends a super like (and not a
    /// like).
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

    /// The allowance after the server refused `swipe` for good: a like or super like made on the
    /// allowance's day is given back (the server never counted it), up to the daily count; one of an
    /// earlier day, or a pass, changes nothing.
    public static func refunding(_ swipe: Swipe, to allowance: SwipeAllowance) -> SwipeAllowance {
        var allowance = allowance
        let dayStart = allowance.resetsAt.addingTimeInterval(-24 * 3600)
        guard !swipe.isUndo, swipe.swipedAt >= dayStart, swipe.swipedAt < allowance.resetsAt else {
            return allowance
        }
        switch swipe.action {
        case .pass: break
        case .like: allowance.likesRemaining = min(allowance.dailyLikes, allowance.likesRemaining + 1)
        case .superLike:
            allowance.superLikesRemaining = min(allowance.dailySuperLikes, allowance.superLikesRemaining + 1)
        }
        return allowance
    }

    /// The server's allowance less the likes and super likes of its day still queued: the server has
    /// not counted them yet (those made on an earlier day are charged to that day).
    public static func allowance(_ allowance: SwipeAllowance, lessQueued queue: [Swipe]) -> SwipeAllowance {
        var allowance = allowance
        let dayStart = allowance.resetsAt.addingTimeInterval(-24 * 3600)
        let today = queue.filter { $0.swipedAt >= dayStart && !$0.isUndo }
        let likes = today.filter { $0.action == .like }.count
        let superLikes = today.filter { $0.action == .superLike }.count
        allowance.likesRemaining = max(0, allowance.likesRemaining - likes)
        allowance.superLikesRemaining = max(0, allowance.superLikesRemaining - superLikes)
        return allowance
    }

    /// The whole seconds from `now` until `resetsAt`, rounded up: never negative, at most a year.
    public static func secondsUntil(_ resetsAt: Date, from now: Date) -> Int {
        Int(min(max(0, resetsAt.timeIntervalSince(now).rounded(.up)), 366 * 86_400))
    }

    /// How long the out-of-likes countdown waits before its next tick, with `secondsLeft` to go: to
    /// the next whole minute (the countdown shows minutes), and at least a second.
    public static func countdownStep(secondsLeft: Int) -> Duration {
        let step = secondsLeft % 60 == 0 ? min(60, secondsLeft) : secondsLeft % 60
        return .seconds(max(1, step))
    }
}
