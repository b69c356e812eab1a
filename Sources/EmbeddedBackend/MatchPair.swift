import Foundation
import Models

/// The two people of a match and when they matched.
struct MatchPair: Codable, Equatable {
    /// The person whose like made the match.
    var first: UserID
    /// The person liked.
    var second: UserID
    /// When they matched.
    var at: Date
}
