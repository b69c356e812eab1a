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

    /// A message event of conversation `conversation` as a ``Message`` (``MatrixTimelineMapper``'s
    /// reading), or `nil`: another type or sender than the conversation's two people, an edit, a
    /// redacted event, no text.
    static func message(from event: JSONValue, conversation: String, viewer: String) -> Message? {
        guard let other = Match.other(in: conversation, than: UserID(viewer)) else { return nil }
        return MatrixTimelineMapper.message(
            from: event, conversation: conversation, viewer: viewer, other: other.rawValue)
    }
}
