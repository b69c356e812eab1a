import Foundation
import Interactors
import Models
import Testing

/// After a relaunch, a conversation known only from messages its end refused has ended; one the list
/// has, one with a message still to send, or one a queued like makes, has not.
@Suite struct EndedBeforeRelaunchTests {
    let bob = Match.id(between: "alice", and: "bob")
    let carol = Match.id(between: "alice", and: "carol")
    let dave = Match.id(between: "alice", and: "dave")
    let erin = Match.id(between: "alice", and: "erin")

    @Test func onlyRefusedMessages_unlisted_unliked_meanEnded() {
        let outbox: [(conversation: String, isRefused: Bool)] = [
            (bob, true), (bob, true),  // every message refused, not listed: ended
            (carol, true), (carol, false),  // one still to send: not judged ended
            (dave, true),  // listed: the server still has it
            (erin, true),  // a queued like makes it
        ]
        let ended = ConversationSummaryRules.endedBeforeRelaunch(
            outbox: outbox, list: [EndedWhileAwayTests.summary("dave")], liked: [erin])
        #expect(ended == [bob])
    }

    @Test func anEmptyOutbox_endsNothing() {
        #expect(ConversationSummaryRules.endedBeforeRelaunch(outbox: [], list: [], liked: []).isEmpty)
    }
}
