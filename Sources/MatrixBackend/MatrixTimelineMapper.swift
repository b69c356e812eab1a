import Foundation
import Models

/// Reads a match's room events as Discover's messages: which events are messages, what they say, and
/// what edits and redactions do to them.
///
/// - Only the two matched people's `m.room.message` events are messages; anyone else's are ignored.
/// - A message's id is its event id. Its ``Models/Message/transactionID`` is the server's
///   `unsigned.transaction_id`, which Synapse shows only to the device that sent the event: nothing
///   in the content (which any sender writes) decides which message an event is.
/// - `m.text`, `m.notice` and unknown msgtypes read as their `body`; `m.emote` as an action.
/// - A reply reads without its quoted fallback (the `> ` lines before the first empty line).
/// - An edit (`m.replace` relation) is not a message: it replaces the text of its sender's message
///   (`m.new_content`), which shows as edited. Synapse bundles the latest edit into the original
///   (`unsigned.m.relations.m.replace`); edits in the same batch apply too.
/// - A redacted message has no body left and is not a message; a redaction names the event it removed.
enum MatrixTimelineMapper {
    /// What one live event does to a conversation.
    enum Effect: Equatable {
        /// A new message.
        case message(Message)
        /// The sender changed the text of an earlier message (its event id).
        case edit(of: String)
        /// An earlier event (its id) was removed.
        case redaction(of: String)
        /// Nothing a conversation shows.
        case none
    }

    /// What `event` does to the conversation between `viewer` and `other`.
    static func effect(of event: JSONValue, conversation: String, viewer: String, other: String) -> Effect {
        if let removed = redactedEventID(of: event) { return .redaction(of: removed) }
        guard event["type"]?.stringValue == "m.room.message",
            let sender = event["sender"]?.stringValue, sender == viewer || sender == other
        else { return .none }
        if let original = replacedEventID(of: event) { return .edit(of: original) }
        return message(from: event, conversation: conversation, viewer: viewer, other: other).map(
            Effect.message)
            ?? .none
    }

    /// The messages among `events` (in any order), oldest first: edits among them applied to their
    /// originals, redacted and removed ones left out.
    static func messages(in events: [JSONValue], conversation: String, viewer: String, other: String)
        -> [Message]
    {
        let redacted = Set(events.compactMap(redactedEventID(of:)))
        var edits: [String: JSONValue] = [:]
        for event in events where event["type"]?.stringValue == "m.room.message" {
            guard let original = replacedEventID(of: event), let id = event["event_id"]?.stringValue,
                !redacted.contains(id)
            else { continue }
            if let known = edits[original],
                MatrixMessages.timestamp(of: known) > MatrixMessages.timestamp(of: event)
            {
                continue
            }
            edits[original] = event
        }
        return
            events.compactMap { event -> Message? in
                guard let id = event["event_id"]?.stringValue, !redacted.contains(id),
                    let message = message(
                        from: event, conversation: conversation, viewer: viewer, other: other)
                else { return nil }
                return edits[id].flatMap { edited(message, by: $0) } ?? message
            }
            .sorted { ($0.sentAt, $0.id) < ($1.sentAt, $1.id) }
    }

    /// A message event of one of the two matched people as a ``Message`` (its latest bundled edit
    /// applied), or `nil`: another type, another sender, an edit, a redacted event, no text.
    static func message(from event: JSONValue, conversation: String, viewer: String, other: String)
        -> Message?
    {
        guard event["type"]?.stringValue == "m.room.message",
            let eventID = event["event_id"]?.stringValue,
            let sender = event["sender"]?.stringValue, sender == viewer || sender == other,
            replacedEventID(of: event) == nil,
            let content = event["content"], let (text, kind) = reading(content)
        else { return nil }
        let message = Message(
            id: eventID, conversation: conversation, sender: UserID(sender), text: text,
            sentAt: MatrixMessages.timestamp(of: event),
            transactionID: sender == viewer ? event["unsigned"]?["transaction_id"]?.stringValue : nil,
            status: .sent, kind: kind)
        guard let bundled = event["unsigned"]?["m.relations"]?["m.replace"] else { return message }
        return edited(message, by: bundled) ?? message
    }

    /// `message` with the text of `edit`, an `m.replace` event by the same sender; `nil` if `edit` is
    /// not one (another sender cannot edit someone's message).
    static func edited(_ message: Message, by edit: JSONValue) -> Message? {
        guard edit["sender"]?.stringValue == message.sender.rawValue,
            replacedEventID(of: edit) == message.id,
            let newContent = edit["content"]?["m.new_content"], let (text, kind) = reading(newContent)
        else { return nil }
        var edited = message
        edited.text = text
        edited.kind = kind
        edited.editedAt = MatrixMessages.timestamp(of: edit)
        return edited
    }

    /// The event an `m.replace` event edits, if it is one.
    static func replacedEventID(of event: JSONValue) -> String? {
        guard let relation = event["content"]?["m.relates_to"],
            relation["rel_type"]?.stringValue == "m.replace"
        else { return nil }
        return relation["event_id"]?.stringValue
    }

    /// The event an `m.room.redaction` removes (`redacts` at the top before room version 11, in the
    /// content from 11 on).
    static func redactedEventID(of event: JSONValue) -> String? {
        guard event["type"]?.stringValue == "m.room.redaction" else { return nil }
        return event["content"]?["redacts"]?.stringValue ?? event["redacts"]?.stringValue
    }

    /// What a message content says and how: its body (a reply's without the quoted fallback),
    /// trimmed; `nil` if there is no text.
    static func reading(_ content: JSONValue) -> (text: String, kind: Message.Kind)? {
        guard var body = content["body"]?.stringValue else { return nil }
        if content["m.relates_to"]?["m.in_reply_to"] != nil { body = withoutReplyFallback(body) }
        let text = body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return (text, content["msgtype"]?.stringValue == "m.emote" ? .action : .text)
    }

    /// A reply's body without the fallback quoting the message it answers: the leading lines that
    /// start with `>`, and the empty line after them. A body that is all quote stays as it is.
    static func withoutReplyFallback(_ body: String) -> String {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix(">") else { return body }
        var rest = lines.drop { $0.hasPrefix(">") }
        if rest.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { rest = rest.dropFirst() }
        let text = rest.joined(separator: "\n")
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? body : text
    }
}
