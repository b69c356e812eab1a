import Foundation
import Models
import Services

/// What the live feed does about likes and blocks as they arrive.
extension MatrixSyncLoop {
    /// Acts on the membership news of a sync answer and answers the events it makes:
    ///
    /// - an invite arriving from someone the user invited too (likes that crossed): if it is the
    ///   user's to resolve (``MatrixCrossedLikes``), the user joins their room — a match, reported;
    /// - someone who left one of the user's rooms with the block reason: ignored in turn, and the room
    ///   left (``MatrixBlocks``).
    func membershipChanges(
        in answer: JSONValue, user: String, accessToken: String, rooms: inout [String: RoomState]
    ) async -> [ChatEvent] {
        await MatrixBlocks.honour(answer, user: user, accessToken: accessToken, connection: connection)
        guard answer["rooms"]?["invite"]?.objectValue?.isEmpty == false,
            let listing = try? await connection.rooms(user: user, accessToken: accessToken)
        else { return [] }
        let joined = await MatrixCrossedLikes.resolve(
            listing, user: user, accessToken: accessToken, connection: connection)
        var events: [ChatEvent] = []
        for (other, room) in joined.sorted(by: { $0.key < $1.key }) {
            let name =
                (try? await MatrixDisplayNames.name(
                    of: other, viewer: user, accessToken: accessToken, connection: connection))
                ?? connection.configuration.username(for: other).capitalized
            let match = Match(
                id: Match.id(between: UserID(user), and: UserID(other)), user: UserID(other),
                displayName: name,
                matchedAt: connection.scheduler.now)
            rooms[room] = RoomState(conversation: match.id, other: other)
            events.append(.matched(match))
        }
        return events
    }

    /// The match in `roomID` as the app's own requests know it, for a room the feed has not placed:
    /// above all the room a like of the user's made a match in by joining the other person's room
    /// (``MatrixDiscoveryService``'s like records it before it answers), or one a listing found.
    ///
    /// Consulted for a leave only. The feed places a room when it sees the other person's join and
    /// the listing it then asks for shows the match; a listing shows the present, so when the other
    /// person left before it was taken (the join and the leave in one sync, or the leave landing
    /// while the listing was asked for), the room stays unplaced and, before this, their leave was
    /// dropped: the app, which had shown "It's a match!" and the open conversation, never heard that
    /// the match ended. A leave reported for a conversation the chat does not have is ignored there.
    func placedByTheApp(_ roomID: String, user: String) -> RoomState? {
        guard let conversation = connection.conversation(inRoom: roomID),
            let other = Match.other(in: conversation, than: UserID(user))
        else { return nil }
        return RoomState(conversation: conversation, other: other.rawValue)
    }
}
