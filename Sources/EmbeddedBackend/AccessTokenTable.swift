import Foundation
import Models

/// The embedded server's live access tokens, the last one looked up remembered
/// (``RememberingTable``): every authorized request looks its token up, and a client sends the same
/// token request after request.
struct AccessTokenTable {
    /// Who a token belongs to and until when it is accepted.
    struct Record {
        var user: UserID
        var expiresAt: Date
    }

    private var records = RememberingTable<String, Record>()

    /// The record of `token`, if it is live.
    mutating func record(for token: String) -> Record? { records.value(for: token) }

    /// Adds (or replaces) a token.
    mutating func insert(_ record: Record, for token: String) { records.insert(record, for: token) }

    /// Removes a token, returning its record if it was live.
    mutating func remove(_ token: String) -> Record? { records.remove(token) }

    /// Removes every token of `user`.
    mutating func removeAll(of user: UserID) { records.removeAll { $0.user == user } }

    /// The user of the token that expires last (the one issued last), if any token is held.
    var newestUser: UserID? { records.all.values.max { $0.expiresAt < $1.expiresAt }?.user }

    /// How many tokens of `user` the table holds (expired ones count).
    func count(of user: UserID) -> Int {
        records.all.values.filter { $0.user == user }.count
    }
}
