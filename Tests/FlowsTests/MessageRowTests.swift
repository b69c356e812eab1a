import Foundation
import GenericScreens
import Models
import Testing

@testable import Flows

/// How a message reads in the conversation: an action in the third person, an edit marked.
@Suite struct MessageRowTests {
    private let t0 = Date(timeIntervalSince1970: 1_000)

    /// The generic list item of `message`'s row.
    private func row(_ message: Message, me: UserID, name: String) -> ScreenList.Item {
        ScreenList.Item(id: message.id, row: .message(MessageRow(message, me: me, otherName: name)))
    }

    @Test func anAction_readsInTheThirdPerson() {
        let waves = Message(
            id: "e", conversation: "m", sender: "carl", text: "waves", sentAt: t0, kind: .action)
        #expect(row(waves, me: "alice", name: "Carl").title == "* Carl waves")
        let said = Message(id: "s", conversation: "m", sender: "carl", text: "hello", sentAt: t0)
        #expect(row(said, me: "alice", name: "Carl").title == "Carl: hello")
    }

    @Test func anEditedMessage_saysSo() {
        var message = Message(id: "e", conversation: "m", sender: "carl", text: "at 9", sentAt: t0)
        #expect(row(message, me: "alice", name: "Carl").detail == "")
        message.editedAt = t0.addingTimeInterval(5)
        #expect(row(message, me: "alice", name: "Carl").detail == "edited")
        let own = Message(
            id: "o", conversation: "m", sender: "alice", text: "ok", sentAt: t0, status: .read, editedAt: t0)
        #expect(row(own, me: "alice", name: "Carl").detail == "read, edited")
    }

    @Test func aRefusedMessage_isAFinalFailureWithItsReason() {
        var own = Message(
            id: "o", conversation: "m", sender: "alice", text: "ok", sentAt: t0, status: .refused)
        own.failureReason = "They ended the match"
        let row = row(own, me: "alice", name: "Carl")
        guard case .message(let message) = row.row else {
            Issue.record("not a message row")
            return
        }
        #expect(message.delivery == .failed(reason: "They ended the match", canRetry: false))
        #expect(row.detail == "not sent: They ended the match")
        own.status = .sending
        #expect(self.row(own, me: "alice", name: "Carl").detail == "sending")
    }

    @Test func aMessageEncodedBeforeKindsAndEdits_decodesAsSaidAndUnedited() throws {
        let json = #"{"id":"x","conversation":"m","sender":"carl","text":"hi","sentAt":0,"status":"sent"}"#
        let message = try JSONDecoder().decode(Message.self, from: Data(json.utf8))
        #expect(message.kind == .text)
        #expect(message.editedAt == nil)
    }
}
