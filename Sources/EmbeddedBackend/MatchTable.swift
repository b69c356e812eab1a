import Foundation
import Models

/// The two people of a match and when they matched.
typealias MatchPair = (first: UserID, second: UserID, at: Date)

/// The embedded server's matches by conversation id, the last one looked up remembered: a chat sends
/// request after request (typing, messages, receipts) about one conversation.
typealias MatchTable = RememberingTable<String, MatchPair>
