import Foundation
import Models
import Services

/// A message for a match that has ended is refused, as the embedded server refuses it.
///
/// Synapse accepts a message into a room the other person has left (the sender is still a member),
/// and the live feed that says they left may come after the outbox sends: so before sending, the
/// backend reads the other person's membership in the room from the server, and refuses with
/// ``Models/ServiceError/matchEnded`` when they left or were banned.
extension MatrixChatService {
    /// The refusal for a message into a room where the other matched person's membership is
    /// `otherMembership` (`nil`: the server has no member event for them); `nil` when it may be sent.
    ///
    /// `leave` (an unmatch, a block, a withdrawn like) and `ban` end the match; `join` and `invite`
    /// (a match the other side has not joined yet) do not, nor does an unknown or missing membership,
    /// which the server judges itself.
    static func sendRefusal(otherMembership: String?) -> ServiceError? {
        switch otherMembership {
        case "leave", "ban": .matchEnded
        default: nil
        }
    }

    /// Throws ``Models/ServiceError/matchEnded`` (and forgets the conversation's room) when `other` has
    /// left `room` or was banned from it, as the server knows it now.
    static func checkMatchGoesOn(
        conversation: String, room: String, other: String, accessToken: String, connection: MatrixConnection
    ) async throws(ServiceError) {
        let member: JSONValue?
        do {
            member = try await connection.http.send(
                .get, ["rooms", room, "state", "m.room.member", other], accessToken: accessToken)
        } catch .notFound {
            member = nil
        }
        if let refusal = sendRefusal(otherMembership: member?["membership"]?.stringValue) {
            connection.forget(conversation: conversation)
            throw refusal
        }
    }
}
