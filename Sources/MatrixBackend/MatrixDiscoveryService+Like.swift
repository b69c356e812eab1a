import Foundation
import Models
import Services

/// A like on the server: a join of the candidate's invite (a match), or a new room and an invite.
extension MatrixDiscoveryService {
    /// Applies a like or super like of `me` on `swipe.candidate`; answers its outcome and the room.
    ///
    /// - An invite from the candidate waits: joining it is a match while the candidate is still in
    ///   the room. If the join fails because the invite was withdrawn (the room is gone: `404`,
    ///   `403`), or succeeds into a room the candidate has left, the room is left and forgotten and
    ///   the like becomes an ordinary one, as if no invite had existed — no match that is not one,
    ///   and the swipe is not lost.
    /// - Already matched (a retry whose first answer was lost): that match.
    /// - Already invited: that room.
    /// - Otherwise a new room and an invite; then, if the candidate's own invite crossed it on the way
    ///   (both liked at once), ``MatrixCrossedLikes`` makes the two one match.
    static func like(
        _ swipe: Swipe, me: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) -> (outcome: SwipeOutcome, room: String) {
        let candidate = swipe.candidate.rawValue
        let listing = try await connection.rooms(user: me, accessToken: accessToken)
        if let invite = listing.invites.first(where: { $0.inviter == candidate }) {
            do {
                let room = try await connection.join(invite.roomID, accessToken: accessToken)
                // A like back is a match only while the liker is still in their room.
                if try await isJoined(candidate, in: room, accessToken: accessToken, connection: connection) {
                    return (
                        try await matched(
                            swipe, room: room, me: me, accessToken: accessToken, connection: connection),
                        room
                    )
                }
                await leave(room, accessToken: accessToken, connection: connection)
            } catch .notFound, .rejected {
                // Withdrawn: decline what is left of it, then like as if it had never been.
                await leave(invite.roomID, accessToken: accessToken, connection: connection)
            }
        } else if let conversation = listing.conversations.first(where: { $0.match.user == swipe.candidate })
        {
            return (.matched(conversation.match), conversation.roomID)
        } else if let existing = listing.likesSent[candidate] {
            return (.recorded, existing)
        }
        let created = try await connection.http.send(
            .post, ["createRoom"],
            body: [
                "preset": "trusted_private_chat",
                // Who the like is for, in the one event nobody can change later.
                "creation_content": [MatrixEventType.likedUser: .string(candidate)],
            ], accessToken: accessToken)
        let roomID = try created.string("room_id", in: "createRoom")
        var invite: [String: JSONValue] = ["user_id": .string(candidate)]
        if swipe.action == .superLike {
            invite["reason"] = .string(MatrixEventType.superLikeReason)
        }
        _ = try await connection.http.send(
            .post, ["rooms", roomID, "invite"], body: .object(invite), accessToken: accessToken)
        // Their like may have crossed ours: the listing now shows both invites.
        let after = try await connection.rooms(user: me, accessToken: accessToken)
        let joined = await MatrixCrossedLikes.resolve(
            after, user: me, accessToken: accessToken, connection: connection)
        if let room = joined[candidate] {
            return (
                try await matched(
                    swipe, room: room, me: me, accessToken: accessToken, connection: connection), room
            )
        }
        return (.recorded, roomID)
    }

    /// Whether `user` is joined to `room` now, as its member state says (`false` once they left).
    private static func isJoined(
        _ user: String, in room: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) -> Bool {
        do {
            let member = try await connection.http.send(
                .get, ["rooms", room, "state", "m.room.member", user], accessToken: accessToken)
            return (try? member.string("membership", in: "m.room.member")) == "join"
        } catch .notFound {
            return false
        }
    }

    /// Leaves and forgets `room` (an invite withdrawn, or a room its liker left), as well as it can:
    /// the like goes on either way.
    private static func leave(_ room: String, accessToken: String, connection: MatrixConnection) async {
        _ = try? await connection.http.send(.post, ["rooms", room, "leave"], accessToken: accessToken)
        _ = try? await connection.http.send(.post, ["rooms", room, "forget"], accessToken: accessToken)
    }

    /// The match made by joining `room`, the candidate's.
    private static func matched(
        _ swipe: Swipe, room: String, me: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) -> SwipeOutcome {
        let conversation = Match.id(between: UserID(me), and: swipe.candidate)
        // Recorded first, before anything is awaited: the live feed reads it to report the other
        // person leaving this room, however soon they leave (``MatrixSyncLoop``).
        connection.remember(room: room, conversation: conversation)
        let name = try await MatrixDisplayNames.name(
            of: swipe.candidate.rawValue, viewer: me, accessToken: accessToken, connection: connection)
        let match = Match(
            id: conversation, user: swipe.candidate, displayName: name, matchedAt: connection.scheduler.now)
        return .matched(match)
    }
}
