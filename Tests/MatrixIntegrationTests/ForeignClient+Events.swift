import Foundation

/// What a ``ForeignClient`` sends into rooms: messages, edits, replies, redactions, state, and the
/// events read back by id.
extension ForeignClient {
    /// Sends an event of any type and content under transaction `txn` (a fresh one if `nil`); answers
    /// its event id.
    @discardableResult
    func send(
        _ content: [String: Any], type: String = "m.room.message", to room: String, txn: String? = nil
    ) throws(ForeignClientError) -> String {
        let transaction = txn ?? nextTransaction()
        return try string(
            "event_id", in: request("PUT", ["rooms", room, "send", type, transaction], body: content))
    }

    /// Sends a message of `msgtype` (`m.text`, `m.notice`, `m.emote`, ...) with `extra` content keys.
    @discardableResult
    func send(
        text: String, msgtype: String = "m.text", extra: [String: Any] = [:], to room: String,
        txn: String? = nil
    ) throws(ForeignClientError) -> String {
        var content = extra
        content["msgtype"] = msgtype
        content["body"] = text
        return try send(content, to: room, txn: txn)
    }

    /// Edits `original` (an `m.replace` relation with `m.new_content`, as Element sends it).
    @discardableResult
    func edit(_ original: String, to text: String, in room: String) throws(ForeignClientError) -> String {
        try send(
            [
                "msgtype": "m.text", "body": "* \(text)",
                "m.new_content": ["msgtype": "m.text", "body": text],
                "m.relates_to": ["rel_type": "m.replace", "event_id": original],
            ], to: room)
    }

    /// Replies to `original` with the quoted fallback in `body` and `formatted_body`, as clients do.
    @discardableResult
    func reply(
        to original: String, from originalSender: String, quoting quoted: String, with text: String,
        in room: String
    ) throws(ForeignClientError) -> String {
        let quote = quoted.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { $0.offset == 0 ? "> <\(originalSender)> \($0.element)" : "> \($0.element)" }
            .joined(separator: "\n")
        return try send(
            [
                "msgtype": "m.text", "body": "\(quote)\n\n\(text)", "format": "org.matrix.custom.html",
                "formatted_body":
                    "<mx-reply><blockquote><a href=\"https://matrix.to/#/\(room)/\(original)\">In reply to</a> "
                    + "<a href=\"https://matrix.to/#/\(originalSender)\">\(originalSender)</a><br>\(quoted)"
                    + "</blockquote></mx-reply>\(text)",
                "m.relates_to": ["m.in_reply_to": ["event_id": original]],
            ], to: room)
    }

    /// Redacts an event; answers the redaction's event id.
    @discardableResult
    func redact(_ event: String, in room: String, reason: String? = nil) throws(ForeignClientError) -> String
    {
        var body: [String: Any] = [:]
        if let reason { body["reason"] = reason }
        return try string(
            "event_id", in: request("PUT", ["rooms", room, "redact", event, nextTransaction()], body: body))
    }

    /// Sets a state event; answers its event id.
    @discardableResult
    func putState(_ type: String, key: String = "", content: [String: Any], in room: String)
        throws(ForeignClientError) -> String
    {
        try string("event_id", in: request("PUT", ["rooms", room, "state", type, key], body: content))
    }

    /// Reads one event.
    func event(_ event: String, in room: String) throws(ForeignClientError) -> [String: Any] {
        try request("GET", ["rooms", room, "event", event])
    }
}
