import Foundation
import Models

/// The embedded server's live access tokens, with the last one looked up kept beside the table.
///
/// Every authorized request looks its token up, and a client sends the same token request after
/// request; comparing with the last hit (the same string storage, so equal at once) skips hashing the
/// token. Every change to the table forgets the last hit, so a lookup always answers what the table
/// holds.
struct AccessTokenTable {
    /// Who a token belongs to and until when it is accepted.
    struct Record {
        var user: UserID
        var expiresAt: Date
    }

    private var records: [String: Record] = [:]
    private var lastHit: (token: String, record: Record)?

    /// The record of `token`, if it is live.
    mutating func record(for token: String) -> Record? {
        if let lastHit, lastHit.token == token { return lastHit.record }
        guard let record = records[token] else { return nil }
        lastHit = (token, record)
        return record
    }

    /// Adds (or replaces) a token.
    mutating func insert(_ record: Record, for token: String) {
        lastHit = nil
        records[token] = record
    }

    /// Removes a token, returning its record if it was live.
    mutating func remove(_ token: String) -> Record? {
        lastHit = nil
        return records.removeValue(forKey: token)
    }

    /// Removes every token of `user`.
    mutating func removeAll(of user: UserID) {
        lastHit = nil
        records = records.filter { $0.value.user != user }
    }

    /// How many tokens of `user` the table holds (expired ones count).
    func count(of user: UserID) -> Int {
        records.values.filter { $0.user == user }.count
    }
}
