import Foundation
import Models
import Testing

@testable import MatrixBackend

/// Room events as a match's messages: who may speak, what an event says, edits, redactions, and
/// which transaction a message was sent under.
struct MatrixTimelineMapperTests {
    private let me = "@ns.alice:localhost"
    private let carl = "@ns.carl:localhost"
    private let dora = "@ns.dora:localhost"
    private var conversation: String { Match.id(between: UserID(me), and: UserID(carl)) }

    private func event(
        _ id: String, from sender: String, at milliseconds: Int = 1000, _ content: JSONValue,
        unsigned: JSONValue? = nil
    ) -> JSONValue {
        var event: [String: JSONValue] = [
            "type": "m.room.message", "event_id": .string(id), "sender": .string(sender),
            "origin_server_ts": .number(Double(milliseconds)), "content": content,
        ]
        if let unsigned { event["unsigned"] = unsigned }
        return .object(event)
    }

    private func read(_ event: JSONValue) -> Message? {
        MatrixTimelineMapper.message(from: event, conversation: conversation, viewer: me, other: carl)
    }

    private func edit(
        _ id: String, of original: String, from sender: String, at milliseconds: Int, _ text: String
    )
        -> JSONValue
    {
        event(
            id, from: sender, at: milliseconds,
            [
                "msgtype": "m.text", "body": .string("* \(text)"),
                "m.new_content": ["msgtype": "m.text", "body": .string(text)],
                "m.relates_to": ["rel_type": "m.replace", "event_id": .string(original)],
            ])
    }

    @Test func thirdPersonsMessage_isNotShownUnderTheMatchsName() {
        let fromDora = event("$d", from: dora, ["msgtype": "m.text", "body": "hello from Dora"])
        #expect(read(fromDora) == nil)
        #expect(
            MatrixTimelineMapper.effect(of: fromDora, conversation: conversation, viewer: me, other: carl)
                == .none)
        let fromCarl = event("$c", from: carl, at: 2000, ["msgtype": "m.text", "body": "hi"])
        let messages = MatrixTimelineMapper.messages(
            in: [fromDora, fromCarl], conversation: conversation, viewer: me, other: carl)
        #expect(messages.map(\.id) == ["$c"], "the others are ignored, the match's still read")
        #expect(messages.first?.sender == UserID(carl))
        // Reading by conversation id: the two people are the id's.
        #expect(MatrixMessages.message(from: fromDora, conversation: conversation, viewer: me) == nil)
        #expect(MatrixMessages.message(from: fromCarl, conversation: conversation, viewer: me)?.id == "$c")
    }

    @Test func aForgedTransactionField_neverMakesOneMessageOfTwoEvents() {
        let first = event("$1", from: carl, ["body": "I'll be there at 8", "com.discover.txn": "t-1"])
        let second = event(
            "$2", from: carl, at: 2000, ["body": "CANCELLED, don't come", "com.discover.txn": "t-1"])
        let messages = MatrixTimelineMapper.messages(
            in: [first, second], conversation: conversation, viewer: me, other: carl)
        #expect(messages.map(\.text) == ["I'll be there at 8", "CANCELLED, don't come"])
        #expect(messages.allSatisfy { $0.transactionID == nil })
        // The user's own: only the server's `unsigned.transaction_id` (shown to the sending device).
        let ownForged = event("$3", from: me, ["body": "mine", "com.discover.txn": "t-9"])
        #expect(read(ownForged)?.transactionID == nil)
        #expect(read(ownForged)?.id == "$3")
        let ownSent = event("$4", from: me, ["body": "mine"], unsigned: ["transaction_id": "t-9"])
        #expect(read(ownSent)?.transactionID == "t-9")
        // The other person's event never confirms one of the user's pending messages.
        let theirs = event("$5", from: carl, ["body": "x"], unsigned: ["transaction_id": "t-9"])
        #expect(read(theirs)?.transactionID == nil)
    }

    @Test func anEdit_replacesTheText_markedEdited_notANewMessage() {
        let original = event("$o", from: carl, at: 1000, ["msgtype": "m.text", "body": "see you at 8"])
        let change = edit("$e", of: "$o", from: carl, at: 5000, "see you at 9")
        #expect(read(change) == nil, "an edit is not a message of its own")
        #expect(
            MatrixTimelineMapper.effect(of: change, conversation: conversation, viewer: me, other: carl)
                == .edit(of: "$o"))
        let messages = MatrixTimelineMapper.messages(
            in: [original, change], conversation: conversation, viewer: me, other: carl)
        #expect(messages.count == 1)
        #expect(messages.first?.id == "$o")
        #expect(messages.first?.text == "see you at 9")
        #expect(messages.first?.sentAt == Date(timeIntervalSince1970: 1), "it keeps its place")
        #expect(messages.first?.editedAt == Date(timeIntervalSince1970: 5))
        // Newest first (a history page) or oldest first: the latest edit wins.
        let later = edit("$e2", of: "$o", from: carl, at: 6000, "see you at 10")
        let page = MatrixTimelineMapper.messages(
            in: [later, change, original], conversation: conversation, viewer: me, other: carl)
        #expect(page.map(\.text) == ["see you at 10"])
        // The server bundles the latest edit into the original.
        let bundled = event(
            "$o", from: carl, at: 1000, ["msgtype": "m.text", "body": "see you at 8"],
            unsigned: ["m.relations": ["m.replace": change]])
        #expect(read(bundled)?.text == "see you at 9")
        #expect(read(bundled)?.editedAt != nil)
        // Someone else cannot edit Carl's message.
        let forged = edit("$f", of: "$o", from: dora, at: 7000, "cancelled")
        #expect(
            MatrixTimelineMapper.messages(
                in: [original, forged], conversation: conversation, viewer: me, other: carl
            ).map(\.text) == ["see you at 8"])
        #expect(read(original).flatMap { MatrixTimelineMapper.edited($0, by: forged) } == nil)
    }

    @Test func aRedaction_removesTheMessage() {
        let original = event("$o", from: carl, ["msgtype": "m.text", "body": "oops"])
        let redaction: JSONValue = [
            "type": "m.room.redaction", "event_id": "$r", "sender": .string(carl), "redacts": "$o",
            "content": [:],
        ]
        #expect(
            MatrixTimelineMapper.effect(of: redaction, conversation: conversation, viewer: me, other: carl)
                == .redaction(of: "$o"))
        let newer: JSONValue = [
            "type": "m.room.redaction", "event_id": "$r2", "sender": .string(carl),
            "content": ["redacts": "$o"],
        ]
        #expect(
            MatrixTimelineMapper.redactedEventID(of: newer) == "$o", "room version 11 puts it in the content")
        #expect(
            MatrixTimelineMapper.messages(
                in: [original, redaction], conversation: conversation, viewer: me, other: carl
            ).isEmpty)
        // What the server keeps of a redacted event: no body, so no message.
        #expect(read(event("$o", from: carl, [:])) == nil)
    }

    @Test func noticesEmotesAndUnknownTypes_readByTheirBody_theEmoteAsAnAction() {
        let notice = read(event("$n", from: carl, ["msgtype": "m.notice", "body": "Carl's bot says hi"]))
        #expect(notice?.text == "Carl's bot says hi")
        #expect(notice?.kind == .text)
        let emote = read(event("$e", from: carl, ["msgtype": "m.emote", "body": "waves"]))
        #expect(emote?.text == "waves")
        #expect(emote?.kind == .action)
        let image = read(
            event("$i", from: carl, ["msgtype": "m.image", "body": "beach.jpg", "url": "mxc://x/y"]))
        #expect(image?.text == "beach.jpg")
        #expect(
            read(event("$x", from: carl, ["msgtype": "com.example.custom", "body": "custom"]))?.text
                == "custom")
        #expect(
            read(event("$b", from: carl, ["msgtype": "m.text", "body": "  "])) == nil, "no text, no message")
    }

    @Test func aReply_readsWithoutTheQuotedFallback() {
        let reply = read(
            event(
                "$r", from: carl,
                [
                    "msgtype": "m.text",
                    "body": "> <@ns.alice:localhost> are you free?\n> second line\n\nYes, at 8",
                    "format": "org.matrix.custom.html",
                    "formatted_body": "<mx-reply><blockquote>are you free?</blockquote></mx-reply>Yes, at 8",
                    "m.relates_to": ["m.in_reply_to": ["event_id": "$q"]],
                ]))
        #expect(reply?.text == "Yes, at 8")
        // Without a reply relation, quoting is the sender's text (its line breaks read as spaces, as
        // all server text does: MatrixServerText).
        let quote = read(event("$q2", from: carl, ["msgtype": "m.text", "body": "> to be\n\nor not"]))
        #expect(quote?.text == "> to be or not")
        // A reply without a fallback, or one that is all quote, keeps what it has.
        #expect(MatrixTimelineMapper.withoutReplyFallback("Yes") == "Yes")
        #expect(MatrixTimelineMapper.withoutReplyFallback("> only quote") == "> only quote")
        #expect(MatrixTimelineMapper.withoutReplyFallback("> q\nno blank line") == "no blank line")
    }
}
