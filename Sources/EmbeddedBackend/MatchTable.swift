import Foundation
import Models

/// The embedded server's matches by conversation id, with the last one looked up kept beside the table.
///
/// A chat sends request after request (typing, messages, receipts) about one conversation; comparing
/// its id with the last hit's (the same string, so equal at once) skips hashing it. Every change to the
/// table forgets the last hit, so a lookup always answers what the table holds.
struct MatchTable {
    /// The two people of a match and when they matched.
    typealias Pair = (first: UserID, second: UserID, at: Date)

    /// match id → the pair and when.
    private(set) var all: [String: Pair] = [:]
    private var lastHit: (id: String, pair: Pair)?

    /// The pair of match `id`, remembering it for the next lookup.
    mutating func pair(for id: String) -> Pair? {
        if let lastHit, lastHit.id == id { return lastHit.pair }
        guard let pair = all[id] else { return nil }
        lastHit = (id, pair)
        return pair
    }

    /// The pair of match `id`, without remembering it (for reads that cannot change the table).
    subscript(id: String) -> Pair? { all[id] }

    /// Adds (or replaces) a match.
    mutating func insert(_ pair: Pair, for id: String) {
        lastHit = nil
        all[id] = pair
    }

    /// Removes a match, returning its pair if there was one.
    mutating func remove(_ id: String) -> Pair? {
        lastHit = nil
        return all.removeValue(forKey: id)
    }
}
