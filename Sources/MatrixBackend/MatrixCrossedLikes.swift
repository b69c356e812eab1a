import Foundation
import Models

/// Likes that crossed: both people liked each other before either's invite arrived, so each invited
/// the other to a room of their own and nobody joined.
///
/// The rule, the same on both sides: the person whose user id sorts first (byte order) joins the
/// other's room and leaves their own; the other waits, and declines the invite left over in the room
/// that was left. So the two likes become one match in one room whichever side notices first, and
/// neither side acts twice.
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
    /// person's room and leaves the user's own; declines invites left over from crossings the other
    /// side resolved. Answers the rooms joined by the other person's id; one that fails is left for the
    /// next listing to try again.
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
            // Leaving withdraws the like (a trusted private chat gives the invitee the inviter's power,
            // so the invite cannot be kicked): the other side declines the leftover invite.
            _ = try? await connection.http.send(
                .post, ["rooms", crossing.ourRoom, "leave"], accessToken: accessToken)
            _ = try? await connection.http.send(
                .post, ["rooms", crossing.ourRoom, "forget"], accessToken: accessToken)
        }
        for invite in leftovers(in: listing) {
            _ = try? await connection.http.send(.post, ["rooms", invite, "leave"], accessToken: accessToken)
        }
        return joined
    }

    /// The invites left over from crossed likes: from someone the user is matched with already (in
    /// another room). Declined, so they never read as a like again.
    static func leftovers(in listing: MatrixRoomListing) -> [String] {
        let matched = Set(listing.conversations.map(\.match.user.rawValue))
        return listing.invites.filter { matched.contains($0.inviter) }.map(\.roomID).sorted()
    }
}
