import Foundation
import Models

/// The embedded server's swipe records: who swiped whom, who liked whom, matches, daily usage.
struct DiscoveryState {
    struct ProcessedSwipe {
        let viewer: UserID
        let swipe: Swipe
        let outcome: SwipeOutcome
    }

    struct Usage {
        var dayStart: Date
        var likes = 0
        var superLikes = 0
    }

    /// viewer → candidate → action.
    var swipes: [UserID: [UserID: SwipeAction]] = [:]
    /// liked → liker → whether it was a super like.
    var likesReceived: [UserID: [UserID: Bool]] = [:]
    /// Every swipe id applied, with its outcome, so a resend gets the same answer.
    var processed: [String: ProcessedSwipe] = [:]
    /// match id → the pair and when.
    var matches: [String: (first: UserID, second: UserID, at: Date)] = [:]
    /// Today's likes and super likes per user.
    var usage: [UserID: Usage] = [:]
    /// How many pool positions page requests have looked at, in all.
    var positionsScanned = 0
}
