import Foundation
import Models

/// Blocks seen from both sides.
///
/// Matrix's ignore list (`m.ignored_user_list`) is private to the one who ignores: the blocked person
/// would still see the blocker. So a block leaves the room with the reason ``MatrixEventType/blockReason``,
/// and the blocked person's client, on seeing that leave, ignores the blocker in turn on its own
/// account and leaves the room: from then on neither server shows either one the other (no card, no
/// invite, no message).
enum MatrixBlocks {
    /// The people who left one of the user's joined rooms with the block reason, each with that room;
    /// the discovery room (`pool`), which anyone can join and leave, never counts.
    static func blockers(in sync: JSONValue, user: String, pool: String) -> [String: String] {
        var blockers: [String: String] = [:]
        for (roomID, room) in (sync["rooms"]?["join"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key })
        where roomID != pool {
            let events =
                (room["state"]?["events"]?.arrayValue ?? []) + (room["timeline"]?["events"]?.arrayValue ?? [])
            // The latest membership of each other member decides (a leave, then a join again, is no block).
            var latest: [String: JSONValue] = [:]
            for event in events where event["type"]?.stringValue == "m.room.member" {
                guard let member = event["state_key"]?.stringValue, member != user else { continue }
                latest[member] = event
            }
            for (member, event) in latest
            where event["content"]?["membership"]?.stringValue == "leave"
                && event["sender"]?.stringValue == member
                && event["content"]?["reason"]?.stringValue == MatrixEventType.blockReason
            {
                blockers[member] = roomID
            }
        }
        return blockers
    }

    /// Adds `users` to the user's ignore list (one write, only if someone is new on it).
    static func ignore(_ users: Set<String>, user: String, accessToken: String, connection: MatrixConnection)
        async throws(ServiceError)
    {
        guard !users.isEmpty else { return }
        let current = try await connection.accountData(
            MatrixEventType.ignoredUsers, user: user, accessToken: accessToken)
        var ignored = current?["ignored_users"]?.objectValue ?? [:]
        let new = users.filter { ignored[$0] == nil }
        guard !new.isEmpty else { return }
        for other in new { ignored[other] = [:] }
        try await connection.setAccountData(
            MatrixEventType.ignoredUsers, ["ignored_users": .object(ignored)], user: user,
            accessToken: accessToken)
    }

    /// Honours the blocks in `sync`: ignores each blocker and leaves (and forgets) the room. A failure
    /// is left for the next sync that shows the room.
    static func honour(_ sync: JSONValue, user: String, accessToken: String, connection: MatrixConnection)
        async
    {
        guard let pool = try? await connection.poolRoom(user: user, accessToken: accessToken) else { return }
        let blockers = blockers(in: sync, user: user, pool: pool)
        guard !blockers.isEmpty else { return }
        guard
            (try? await ignore(
                Set(blockers.keys), user: user, accessToken: accessToken, connection: connection))
                != nil
        else { return }
        for room in Set(blockers.values).sorted() {
            _ = try? await connection.http.send(.post, ["rooms", room, "leave"], accessToken: accessToken)
            _ = try? await connection.http.send(.post, ["rooms", room, "forget"], accessToken: accessToken)
        }
    }
}
