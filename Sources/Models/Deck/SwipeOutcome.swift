import Foundation

/// What the server says about a swipe it received.
public enum SwipeOutcome: Hashable, Codable, Sendable {
    /// Recorded; no match.
    case recorded
    /// Recorded, and it made a match.
    case matched(Match)
    /// Refused: the daily allowance for that action is used up until the date.
    case limitReached(resetsAt: Date)
}
