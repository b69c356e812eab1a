import Foundation
import Models
import Services

/// Changing what the user already said, as any Matrix client does: an edit is an `m.replace`
/// relation, a deletion a redaction. Discover's own screens offer neither; the scenario world plays
/// the other person with these, so the app is tested against what another client sends.
extension MatrixChatService {
    /// Replaces the text of the user's own message `id` in `conversation` with `text`: an
    /// `m.room.message` with `m.new_content` and an `m.replace` relation to it, sent once per
    /// `transaction`.
    ///
    /// The other side shows the message with the new text, marked edited (as the timeline mapper reads it).
    public func editMessage(
        id: String, in conversation: String, to text: String, transaction: String, accessToken: String,
        completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            let room = try await connection.room(of: conversation, user: me, accessToken: accessToken)
            _ = try await connection.http.send(
                .put, ["rooms", room, "send", "m.room.message", transaction],
                body: [
                    "msgtype": "m.text", "body": .string("* " + text),
                    "m.new_content": ["msgtype": "m.text", "body": .string(text)],
                    "m.relates_to": ["rel_type": "m.replace", "event_id": .string(id)],
                ], accessToken: accessToken)
        }
    }

    /// Deletes the user's own message `id` in `conversation`: a redaction
    /// (`PUT /rooms/{id}/redact/{event}/{txn}`), sent once per `transaction`.
    ///
    /// The other side's conversation drops the message (``Models/ChatEvent/messageRemoved(conversation:id:)``).
    public func deleteMessage(
        id: String, in conversation: String, transaction: String, accessToken: String,
        completion: @escaping ServiceCompletion<Void>
    ) {
        let connection = connection
        connection.run(completion) { () async throws(ServiceError) in
            let me = try await connection.owner(of: accessToken)
            let room = try await connection.room(of: conversation, user: me, accessToken: accessToken)
            _ = try await connection.http.send(
                .put, ["rooms", room, "redact", id, transaction], body: [:], accessToken: accessToken)
        }
    }
}
