import Foundation
import Interactors
import Models
import Testing

/// A message is counted unread once: what the server's list counted already is not counted again
/// when the live feed hears it (after a relaunch, the feed resumes before the messages the list saw).
@Suite struct UnreadOnceTests {
    private let t0 = Date(timeIntervalSince1970: 1_000)

    private func fromBob(_ index: Int) -> Message {
        Message(
            id: "b\(index)", conversation: "m", sender: "bob", text: "offline \(index)",
            sentAt: t0.addingTimeInterval(Double(index)))
    }

    @Test func messagesTheListCountedAlready_areNotCountedAgain_whenTheFeedRepeatsThem() {
        let offline = (1...20).map(fromBob)
        // The list said 20 unread, with the 20th as its last message; the feed hears all 20 again.
        let repeated = ConversationSummaryRules.unseen(
            Array(offline.dropLast()), added: offline.dropLast().map(\.id), viewer: "alice", isOpen: false,
            after: offline.last)
        #expect(repeated == 0)
        // A message newer than what the conversation had counts.
        let new = fromBob(21)
        #expect(
            ConversationSummaryRules.unseen(
                [new], added: [new.id], viewer: "alice", isOpen: false, after: offline.last)
                == 1)
        // Nothing known yet: every new message of the other person counts, as before.
        #expect(
            ConversationSummaryRules.unseen(offline, added: offline.map(\.id), viewer: "alice", isOpen: false)
                == 20)
    }
}
