import Foundation

/// One page of candidates from the discovery service, with what the deck needs to rank them.
public struct DiscoveryPage: Hashable, Codable, Sendable {
    /// The cursor this page was asked for (`nil` for the first page).
    public var cursor: String?
    /// The candidates, already filtered by the server's view of the preferences.
    public var candidates: [Candidate]
    /// The cursor of the next page; `nil` when the pool is exhausted.
    public var nextCursor: String?
    /// The viewer's preferences the page was filtered with.
    public var preferences: SearchPreferences
    /// The viewer's interests, for ranking by shared interests.
    public var viewerInterests: [Interest]
    /// The viewer's likes and super likes left.
    public var allowance: SwipeAllowance

    /// Creates a page.
    public init(
        cursor: String?, candidates: [Candidate], nextCursor: String?, preferences: SearchPreferences,
        viewerInterests: [Interest], allowance: SwipeAllowance
    ) {
        self.cursor = cursor
        self.candidates = candidates
        self.nextCursor = nextCursor
        self.preferences = preferences
        self.viewerInterests = viewerInterests
        self.allowance = allowance
    }
}
