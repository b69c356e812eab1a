import Foundation
import Models

/// Reads Matrix events as Discover's values: messages, timestamps.
enum MatrixMessages {
    /// When the server received an event (`origin_server_ts`, milliseconds); the epoch if missing.
    static func timestamp(of event: JSONValue) -> Date {
        guard case .number(let milliseconds)? = event["origin_server_ts"] else {
            return Date(timeIntervalSince1970: 0)
        }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// A text message event as a ``Message``, or `nil` for anything else (other types, redactions, no
    /// text). Its id is the sender and the client transaction id the sender put in the content
    /// (`@bob:localhost/t-42`), so a message a client had to send twice (a lost answer, a crashed
    /// server, a new device after signing in again) still reads as one; otherwise the event id.
    static func message(from event: JSONValue, conversation: String, viewer: String) -> Message? {
        guard event["type"]?.stringValue == "m.room.message",
            let eventID = event["event_id"]?.stringValue,
            let sender = event["sender"]?.stringValue,
            let body = event["content"]?["body"]?.stringValue
        else { return nil }
        let transaction = event["content"]?[MatrixEventType.transactionKey]?.stringValue
        return Message(
            id: transaction.map { "\(sender)/\($0)" } ?? eventID, conversation: conversation,
            sender: UserID(sender),
            text: MatrixServerText.sanitized(body, limit: MatrixServerText.Limit.messageBody),
            sentAt: timestamp(of: event), transactionID: sender == viewer ? transaction : nil, status: .sent)
    }
}
