import Foundation
import Models
import Services

/// Sending a message again from another device, once.
///
/// The server applies a transaction id once per device; a message the app tried to send before a
/// crash and sends again after signing in anew (a new device) would be a second event, which every
/// other client shows twice. So a message made before this connection met its access token — it may
/// have been sent by an earlier device — is first looked for in the room: an event of the user's
/// own (only the user's devices can send as the user) carrying its transaction id in the content is
/// the message, and it is not sent again.
extension MatrixChatService {
    /// How many `/messages` pages of the user's own messages the look-up reads at most.
    static let resendLookupPages = 10
    /// How far before a message's creation the look-up still reads (clocks of devices differ).
    static let resendLookupSlack: TimeInterval = 300

    /// Whether a message made at `createdAt` may have been sent already by another device of the
    /// user: it is older than the moment this connection met the access token (`tokenFirstSeen`;
    /// `nil`: never met, so it may).
    static func mayHaveBeenSentElsewhere(createdAt: Date, tokenFirstSeen: Date?) -> Bool {
        guard let tokenFirstSeen else { return true }
        return createdAt < tokenFirstSeen
    }

    /// The event in `chunk` sent by `user` that carries transaction id `id` in its content.
    static func event(carrying id: String, from user: String, in chunk: [JSONValue]) -> JSONValue? {
        chunk.first {
            $0["sender"]?.stringValue == user && $0["type"]?.stringValue == "m.room.message"
                && $0["content"]?[MatrixEventType.transactionKey]?.stringValue == id
        }
    }

    /// The event of the user's in `room` that carries transaction id `id`, reading the user's own
    /// messages back to a little before `createdAt`; `nil` if there is none.
    static func earlierSend(
        of id: String, createdAt: Date, user: String, room: String, accessToken: String,
        connection: MatrixConnection
    ) async throws(ServiceError) -> JSONValue? {
        let filter: JSONValue = ["types": ["m.room.message"], "senders": [.string(user)]]
        let oldest = createdAt.addingTimeInterval(-resendLookupSlack)
        var cursor: String?
        for _ in 0..<resendLookupPages {
            var query = [
                "dir": "b", "limit": "50", "filter": String(decoding: filter.encoded(), as: UTF8.self),
            ]
            if let cursor { query["from"] = cursor }
            let answer = try await connection.http.send(
                .get, ["rooms", room, "messages"], query: query, accessToken: accessToken)
            let chunk = try answer.array("chunk", in: "messages")
            if let found = event(carrying: id, from: user, in: chunk) { return found }
            guard let last = chunk.last, MatrixMessages.timestamp(of: last) >= oldest,
                let end = answer["end"]?.stringValue, end != cursor
            else { return nil }
            cursor = end
        }
        return nil
    }
}
