import Foundation
import Models

/// Likes that crossed: both people liked each other before either's invite arrived, so each invited
/// the other to a room of their own and nobody joined.
///
/// The rule, the same on both sides: the person whose user id sorts first (byte order) joins the
/// other's room, withdraws their own invite and leaves their own room; the other waits. So the two
/// likes become one match in one room whichever side notices first, and neither side acts twice.
struct MatrixCrossedLikes: Sendable, Equatable {
    /// The other person.
    let other: String
    /// Their room, to which they invited the user.
    let theirRoom: String
    /// The user's room, to which the user invited them.
    let ourRoom: String

    /// Whether `user` is the one who joins when their like crosses one from `other`.
    static func joins(_ user: String, crossing other: String) -> Bool {
        user.utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// The crossed likes in `listing` that `user` must resolve (those where `user` joins), by the
    /// other person's id.
    static func toResolve(in listing: MatrixRoomListing, user: String) -> [MatrixCrossedLikes] {
        listing.invites.compactMap { invite -> MatrixCrossedLikes? in
            guard let ourRoom = listing.likesSent[invite.inviter], ourRoom != invite.roomID,
                joins(user, crossing: invite.inviter)
            else { return nil }
            return MatrixCrossedLikes(other: invite.inviter, theirRoom: invite.roomID, ourRoom: ourRoom)
        }
        .sorted { $0.other < $1.other }
    }

    /// Resolves the crossed likes of `listing` that are the user's to resolve: joins each other
    /// person's room, withdraws the user's own invite and leaves that room. Answers the rooms joined by
    /// the other person's id; one that fails is left for the next listing to try again.
    static func resolve(
        _ listing: MatrixRoomListing, user: String, accessToken: String, connection: MatrixConnection
    ) async -> [String: String] {
        var joined: [String: String] = [:]
        for crossing in toResolve(in: listing, user: user) {
            guard (try? await connection.join(crossing.theirRoom, accessToken: accessToken)) != nil else {
                continue
            }
            joined[crossing.other] = crossing.theirRoom
            connection.remember(
                room: crossing.theirRoom,
                conversation: Match.id(between: UserID(user), and: UserID(crossing.other)))
            _ = try? await connection.http.send(
                .post, ["rooms", crossing.ourRoom, "kick"],
                body: ["user_id": .string(crossing.other), "reason": "Matched in their room"],
                accessToken: accessToken)
            _ = try? await connection.http.send(
                .post, ["rooms", crossing.ourRoom, "leave"], accessToken: accessToken)
            _ = try? await connection.http.send(
                .post, ["rooms", crossing.ourRoom, "forget"], accessToken: accessToken)
        }
        return joined
    }
}
