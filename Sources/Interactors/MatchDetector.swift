import Foundation
import Models

/// Decides whether a swipe makes a match: a like or super like on someone who already liked the viewer.
public enum MatchDetector {
    /// Whether swiping `action` on `candidate` makes a match: exactly when ``match(viewer:swiping:on:at:)``
    /// returns one.
    ///
    /// Lets a caller leave the match, a large optional, out of its way on the swipes that make none
    /// (most of them).
    public static func makesMatch(swiping action: SwipeAction, on candidate: Candidate) -> Bool {
        action != .pass && candidate.likedYou
    }

    /// The match the swipe makes, if any.
    public static func match(
        viewer: UserID, swiping action: SwipeAction, on candidate: Candidate, at now: Date
    ) -> Match? {
        guard makesMatch(swiping: action, on: candidate) else { return nil }
        return Match(
            id: Match.id(between: viewer, and: candidate.id), user: candidate.id,
            displayName: candidate.displayName,
            matchedAt: now)
    }
}
