import Foundation
import Models
import Testing

/// A publish's one look at a row answers as the id check and the comparison it replaces.
@Suite struct ConversationSummaryLookTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func summary(_ id: String, text: String?, unread: Int = 0) -> ConversationSummary {
        ConversationSummary(
            match: Match(id: id, user: "bob", displayName: "Bob", matchedAt: t0),
            lastMessage: text.map { Message(id: $0, conversation: id, sender: "bob", text: $0, sentAt: t0) },
            unreadCount: unread)
    }

    @Test func look_answersWhetherItIsTheRow_andWhetherItShowsTheSummary() {
        let row = summary("m", text: "hi")
        let candidates = [
            summary("m", text: "hi"), summary("m", text: "hello"), summary("m", text: nil),
            summary("m", text: "hi", unread: 1), summary("n", text: "hi"),
        ]
        for id in ["m", "n"] {
            for candidate in candidates {
                let look = row.look(id: id, showing: candidate)
                #expect(look.isTheRow == (row.id == id))
                #expect(look.isShown == (row.id == id && row == candidate))
            }
        }
    }
}
