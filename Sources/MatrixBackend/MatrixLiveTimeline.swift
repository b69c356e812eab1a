import Foundation
import Models

/// What one event of a match's room, heard live, tells the app: ``MatrixTimelineMapper``'s reading,
/// with what it needs from the server (an edited message's original, a room's listing).
enum MatrixLiveTimeline {
    /// The chat events for `event` in `room`, the conversation between `viewer` and `other`;
    /// `batch` is the sync's timeline of the room (an edit's original is looked for there first).
    ///
    /// A new message is ``Models/ChatEvent/messageReceived(_:)``; an edit is the original message
    /// again, with the new text (the same id, so it replaces it); a redaction is
    /// ``Models/ChatEvent/messageRemoved(conversation:id:)``. Anyone else's events are nothing.
    static func chatEvents(
        for event: JSONValue, room: String, conversation: String, viewer: String, other: String,
        batch: [JSONValue], accessToken: String, connection: MatrixConnection
    ) async -> [ChatEvent] {
        switch MatrixTimelineMapper.effect(
            of: event, conversation: conversation, viewer: viewer, other: other)
        {
        case .message(let message):
            return [.messageReceived(message)]
        case .redaction(let removed):
            return [.messageRemoved(conversation: conversation, id: removed)]
        case .edit(let originalID):
            var original = batch.first { $0["event_id"]?.stringValue == originalID }
            if original == nil {
                original = try? await connection.http.send(
                    .get, ["rooms", room, "event", originalID], accessToken: accessToken)
            }
            guard let original,
                let message = MatrixTimelineMapper.message(
                    from: original, conversation: conversation, viewer: viewer, other: other)
            else { return [] }
            // The server's copy may bundle a later edit already: an older one does not undo it.
            if let editedAt = message.editedAt, editedAt > MatrixMessages.timestamp(of: event) {
                return [.messageReceived(message)]
            }
            return [.messageReceived(MatrixTimelineMapper.edited(message, by: event) ?? message)]
        case .none:
            return []
        }
    }
}
