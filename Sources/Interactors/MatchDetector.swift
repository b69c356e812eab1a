import Foundation
import Models

/// Decides whether a swipe makes a match: a like or super like on someone who already liked the viewer.
public enum MatchDetector {
    /// The match the swipe makes, if any.
    public static func match(
        viewer: UserID, swiping action: SwipeAction, on candidate: Candidate, at now: Date
    ) -> Match? {
        guard action != .pass, candidate.likedYou else { return nil }
        return Match(
            id: Match.id(between: viewer, and: candidate.id), user: candidate.id,
            displayName: candidate.displayName, matchedAt: now)
    }
}
