import Foundation
import Models

/// The two people of a match and when they matched.
typealias MatchPair = (first: UserID, second: UserID, at: Date)
