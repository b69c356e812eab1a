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

    /// What one viewer did: their swipes and today's allowance use, in one record so a swipe looks the
    /// viewer up once. A record with no swipes reads the same as no record.
    struct Viewer {
        /// candidate → action.
        var swipes: [UserID: SwipeAction] = [:]
        /// Today's likes and super likes, if any swipe was counted.
        var usage: Usage?
    }

    /// viewer → what they did.
    var viewers: [UserID: Viewer] = [:]
    /// liked → liker → whether it was a super like.
    var likesReceived: [UserID: [UserID: Bool]] = [:]
    /// Every swipe id applied, with its outcome, so a resend gets the same answer.
    var processed: [String: ProcessedSwipe] = [:]
    /// match id → the pair and when.
    var matches: [String: (first: UserID, second: UserID, at: Date)] = [:]
    /// How many pool positions page requests have looked at, in all.
    var positionsScanned = 0
}
