import Models

/// Broadcast down the signed-in tree when a swipe made a match, so every list that shows matches hears it.
public struct MatchMade: Hashable, Sendable {
    /// The new match.
    public let match: Match

    /// Creates the event.
    public init(match: Match) { self.match = match }
}
