import Foundation
import Models

/// The user's rooms as Discover sees them, read from one `/sync` answer: conversations (both people
/// joined), likes sent (the other person invited, not joined yet) and likes received (invites).
struct MatrixRoomListing: Sendable {
    /// A match: a direct room both people joined.
    struct Conversation: Sendable {
        let roomID: String
        let match: Match
        let lastMessage: Message?
        let unreadCount: Int
    }

    /// A like someone sent the user: an invite to their room.
    struct Invite: Sendable {
        let roomID: String
        let inviter: String
        let isSuperLike: Bool
    }

    let conversations: [Conversation]
    let invites: [Invite]
    /// The people the user liked who have not answered, by user id, with the room.
    let likesSent: [String: String]
    init(sync: JSONValue, user: String, poolRoom: String, configuration: MatrixConfiguration)
        throws(ServiceError)
    {
        let rooms = sync["rooms"]
        var conversations: [Conversation] = []
        var likesSent: [String: String] = [:]
        for (roomID, room) in rooms?["join"]?.objectValue ?? [:] where roomID != poolRoom {
            var members: [String: (membership: String, at: Date, name: String?)] = [:]
            let stateEvents = try (room["state"] ?? .object([:])).array("events", in: "sync state")
            let timelineEvents = try (room["timeline"] ?? .object([:])).array("events", in: "sync timeline")
            for event in stateEvents + timelineEvents where event["type"]?.stringValue == "m.room.member" {
                guard let member = event["state_key"]?.stringValue,
                    let membership = event["content"]?["membership"]?.stringValue
                else { continue }
                members[member] = (
                    membership, MatrixMessages.timestamp(of: event),
                    event["content"]?["displayname"]?.stringValue
                )
            }
            let others = members.filter { $0.key != user }
            if let (other, info) = others.first(where: { $0.value.membership == "join" }), others.count == 1 {
                let matchedAt = max(info.at, members[user]?.at ?? info.at)
                let match = Match(
                    id: Match.id(between: UserID(user), and: UserID(other)), user: UserID(other),
                    displayName: MatrixServerText.sanitized(
                        info.name ?? configuration.username(for: other).capitalized,
                        limit: MatrixServerText.Limit.displayName),
                    matchedAt: matchedAt)
                let last = timelineEvents.last { $0["type"]?.stringValue == "m.room.message" }
                    .flatMap { MatrixMessages.message(from: $0, conversation: match.id, viewer: user) }
                let unread = room["unread_notifications"]?["notification_count"]?.intValue ?? 0
                conversations.append(
                    Conversation(roomID: roomID, match: match, lastMessage: last, unreadCount: unread))
            } else if let (other, _) = others.first(where: { $0.value.membership == "invite" }),
                others.count == 1
            {
                likesSent[other] = roomID
            }
        }
        var invites: [Invite] = []
        for (roomID, room) in rooms?["invite"]?.objectValue ?? [:] {
            let events = try (room["invite_state"] ?? .object([:])).array("events", in: "sync invite")
            guard
                let invite = events.first(where: {
                    $0["type"]?.stringValue == "m.room.member" && $0["state_key"]?.stringValue == user
                }),
                let inviter = invite["sender"]?.stringValue
            else { continue }
            let reason = invite["content"]?["reason"]?.stringValue
            invites.append(
                Invite(
                    roomID: roomID, inviter: inviter, isSuperLike: reason == MatrixEventType.superLikeReason))
        }
        self.conversations = conversations.sorted { $0.roomID < $1.roomID }
        self.invites = invites.sorted { $0.roomID < $1.roomID }
        self.likesSent = likesSent
    }
}
