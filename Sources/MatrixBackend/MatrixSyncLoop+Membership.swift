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
}
