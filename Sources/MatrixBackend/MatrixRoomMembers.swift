import Foundation

/// Who is in a direct room, read from its member events, and which of them the user matched with.
///
/// A match's room holds the two matched people, but anyone may be invited into it, join it and leave
/// it again (a foreign client, a friend, a bot). The matched person is found the same way whatever
/// else happened in the room:
/// 1. the room's creator, when that is not the user (they liked the user and invited them);
/// 2. the person the user's like was for, which Discover writes in the room's `m.room.create`
///    content (`com.discover.liked_user`) when the user made the room;
/// 3. otherwise the one the user invited (the like): a member whose invite the user sent, read from
///    the member event's sender or, once they joined, its `unsigned.prev_sender`;
/// 4. otherwise, leaving out anyone a third person invited (their guest), when just one other person
///    is joined or invited, that person;
/// 5. otherwise the other person whose membership is oldest, then the smallest id — deterministic.
/// Extra members, present or departed, never make the room something else.
struct MatrixRoomMembers: Equatable, Sendable {
    /// One member's current membership.
    struct Member: Equatable, Sendable {
        /// `join`, `invite`, `leave`, `ban` or `knock`.
        let membership: String
        /// When the membership last changed.
        let at: Date
        /// Who sent the member event (the inviter of an invite).
        let sender: String?
        /// Who sent the member event this one replaced (the inviter, for a join after an invite).
        let previousSender: String?
        /// The membership this one replaced.
        let previousMembership: String?

        /// Whether a third person (not `viewer`, not the member `user` themself) invited this member,
        /// as far as the member event still says.
        func isGuest(_ user: String, viewer: String) -> Bool {
            let inviter =
                membership == "invite" ? sender : previousMembership == "invite" ? previousSender : nil
            guard let inviter else { return false }
            return inviter != viewer && inviter != user
        }
    }

    /// Every member ever seen, by user id, with their latest membership.
    let members: [String: Member]
    /// Who created the room (`m.room.create`'s sender), if the events say.
    let creator: String?
    /// Whom the creator's like was for, as Discover writes it in `m.room.create` (which nobody can
    /// change); `nil` in rooms made before it did, or by other clients.
    let likedUser: String?

    /// Reads `events` (state first, then timeline, in order: a later event for a member wins).
    init(events: [JSONValue]) {
        var members: [String: Member] = [:]
        var creator: String?
        var likedUser: String?
        for event in events {
            switch event["type"]?.stringValue {
            case "m.room.create":
                creator = event["content"]?["creator"]?.stringValue ?? event["sender"]?.stringValue
                likedUser = event["content"]?[MatrixEventType.likedUser]?.stringValue
            case "m.room.member":
                guard let user = event["state_key"]?.stringValue,
                    let membership = event["content"]?["membership"]?.stringValue
                else { continue }
                members[user] = Member(
                    membership: membership, at: MatrixMessages.timestamp(of: event),
                    sender: event["sender"]?.stringValue,
                    previousSender: event["unsigned"]?["prev_sender"]?.stringValue,
                    previousMembership: event["unsigned"]?["prev_content"]?["membership"]?.stringValue)
            default:
                continue
            }
        }
        self.members = members
        self.creator = creator
        self.likedUser = likedUser
    }

    /// The person `viewer` matched with (or liked) in this room, if anyone but the viewer was ever in it.
    func matchedPerson(viewer: String) -> String? {
        let others = members.filter { $0.key != viewer }
        if let creator, creator != viewer, others[creator] != nil { return creator }
        if creator == viewer, let likedUser, likedUser != viewer, others[likedUser] != nil {
            return likedUser
        }
        let invitedByViewer = others.filter { _, member in
            (member.membership == "invite" && member.sender == viewer)
                || (member.previousMembership == "invite" && member.previousSender == viewer)
        }
        if invitedByViewer.count == 1 { return invitedByViewer.first?.key }
        // Someone a third person invited is that person's guest, never the match.
        let hosts = others.filter { !$0.value.isGuest($0.key, viewer: viewer) }
        let present = hosts.filter { $0.value.membership == "join" || $0.value.membership == "invite" }
        if present.count == 1 { return present.first?.key }
        let pool = invitedByViewer.isEmpty ? (present.isEmpty ? hosts : present) : invitedByViewer
        return pool.min { ($0.value.at, $0.key) < ($1.value.at, $1.key) }?.key
    }

    /// `user`'s current membership (`join`, `invite`, `leave`, ...), if they were ever in the room.
    func membership(of user: String) -> String? { members[user]?.membership }
}
