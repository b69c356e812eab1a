import Contexts
import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

@MainActor
@Suite struct ChatListOrderTests {
    /// A fixed pseudo-random sequence (a 64-bit linear congruential generator): the test is deterministic.
    /// Numbers below a bound drawn from the embedded backend's seeded generator: the same every run.
    struct Sequence {
        var generator: SeededGenerator
        init(state: UInt64) { generator = SeededGenerator(seed: state) }
        mutating func next(_ bound: Int) -> Int { Int.random(in: 0..<max(1, bound), using: &generator) }
    }

    /// The list is updated row by row; every snapshot must still be sorted, and its changes must turn
    /// the previous snapshot's rows into its own, through messages, reads and unmatches in any order.
    @Test func rowByRowUpdates_keepTheListSorted_andTheChangesExact() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 300))
        world.server.seedConversations(for: "alice", count: 300, messagesEach: 1)
        try world.app.signIn("alice", "wonderland")
        try world.app.tap("Matches")
        let chat = try #require(world.app.chat)
        var snapshots: [ChatState] = []
        let token = chat.observe { snapshots.append($0) }
        var random = Sequence(state: 42)
        for step in 0..<300 {
            let other = CandidateGenerator.id(of: random.next(300))
            switch random.next(10) {
            case 0:
                world.server.unmatch(by: other, with: "alice")
            case 1:
                world.server.markRead(by: other, with: "alice")
            default:
                _ = try? world.server.sendMessage(from: other, to: "alice", "Message \(step)")
            }
            world.app.settle()
        }
        #expect(snapshots.count > 150)
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) {
            if next.revision == previous.revision {
                #expect(next.rowIDs == previous.rowIDs)
            } else {
                #expect(next.revision == previous.revision + 1)
                #expect(ListChange.apply(next.changes, to: previous.rowIDs) == next.rowIDs)
            }
        }
        let last = try #require(snapshots.last)
        let expected = last.conversations.sorted {
            $0.lastActivity != $1.lastActivity ? $0.lastActivity > $1.lastActivity : $0.id < $1.id
        }
        #expect(Array(last.conversations) == expected)
        #expect(Array(last.conversations).count == chat.state.conversations.count)
        #expect(world.app.frontEnd.listErrors.isEmpty)
        withExtendedLifetime(token) {}
    }

    /// A row whose sort key stays (a receipt for its last message) is updated where it is: found by
    /// its key, also once another conversation moved past it.
    @Test func aReceipt_updatesTheRowWhereItIs_evenAfterAnotherMovedPastIt() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 3))
        world.server.seedConversations(for: "alice", count: 3, messagesEach: 1)
        try world.app.signIn("alice", "wonderland")
        try world.app.tap("Matches")
        let chat = try #require(world.app.chat)
        let (bob, carol) = (CandidateGenerator.id(of: 0), CandidateGenerator.id(of: 1))
        let (withBob, withCarol) = (
            Match.id(between: "alice", and: bob), Match.id(between: "alice", and: carol)
        )
        let top = chat.state.newMatches.count
        #expect(chat.send("Hi Bob", to: withBob) == nil)
        world.app.advance(by: .seconds(1))
        #expect(chat.send("Hi Carol", to: withCarol) == nil)
        world.app.settle()
        let moved = chat.state
        #expect(Array(moved.conversations.prefix(2).map(\.id)) == [withCarol, withBob])
        // Bob's row was last placed at the top: Carol's moved past it since.
        world.server.markRead(by: bob, with: "alice")
        world.app.settle()
        #expect(chat.state.revision == moved.revision + 1)
        #expect(chat.state.changes == [.update(withBob, at: top + 1)])
        #expect(chat.state.conversations[1].lastMessage?.status == .read)
        #expect(chat.state.rowIDs == moved.rowIDs)
        // Carol's row is where it was last placed.
        world.server.markRead(by: carol, with: "alice")
        world.app.settle()
        #expect(chat.state.changes == [.update(withCarol, at: top)])
        #expect(chat.state.conversations[0].lastMessage?.status == .read)
        #expect(chat.state.rowIDs == moved.rowIDs)
        #expect(world.app.frontEnd.listErrors.isEmpty)
    }
}

@MainActor
@Suite struct ChatRecordTests {
    /// Each conversation's messages, summary, open count and screen live in one record: through sends,
    /// arrivals, reads, unmatches and screens opening and closing in any order, every row's last
    /// message stays the newest of its conversation's messages, an open conversation has nothing
    /// unread, history is loaded once and then says there is no older page, and an ended conversation
    /// has neither a row nor messages.
    @Test func perConversationRecords_agreeWithTheListAndTheMessages_throughAnyOrderOfEvents() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 40))
        world.server.seedConversations(for: "alice", count: 40, messagesEach: 2)
        try world.app.signIn("alice", "wonderland")
        try world.app.tap("Matches")
        let chat = try #require(world.app.chat)
        var random = ChatListOrderTests.Sequence(state: 7)
        var open: [String: Int] = [:]
        var ended: Set<String> = []
        var historyLoaded: Set<String> = []
        var changes = 0
        var tokens: [ObservationToken] = []
        for step in 0..<400 {
            let other = CandidateGenerator.id(of: random.next(40))
            let conversation = Match.id(between: "alice", and: other)
            switch random.next(12) {
            case 0:
                world.server.unmatch(by: other, with: "alice")
                ended.insert(conversation)
            case 1:
                world.server.markRead(by: other, with: "alice")
            case 2:
                chat.opened(conversation)
                open[conversation, default: 0] += 1
                tokens.append(chat.observe { _ in changes += 1 })
            case 3:
                chat.closed(conversation)
                if let count = open[conversation] { open[conversation] = count > 1 ? count - 1 : nil }
            case 4, 5:
                _ = chat.send("Mine \(step)", to: conversation)
            case 6:
                if !ended.contains(conversation) { historyLoaded.insert(conversation) }
                chat.loadHistory(of: conversation, older: random.next(2) == 0)
            default:
                _ = try? world.server.sendMessage(from: other, to: "alice", "Message \(step)")
            }
            world.app.settle()
            for summary in chat.state.conversations {
                #expect(summary.lastMessage == chat.messages(of: summary.id).last)
                #expect(chat.match(of: summary.id) == summary.match)
                if open[summary.id] != nil { #expect(summary.unreadCount == 0) }
                // Every conversation's history fits in one page.
                #expect(chat.hasOlderMessages(summary.id) == !historyLoaded.contains(summary.id))
                #expect(!chat.isLoadingHistory(summary.id))
            }
            #expect(chat.state.conversations.count + chat.state.newMatches.count == 40 - ended.count)
            for conversation in ended {
                #expect(chat.match(of: conversation) == nil)
                #expect(chat.messages(of: conversation).isEmpty)
            }
        }
        #expect(changes > 0)
        #expect(world.app.frontEnd.listErrors.isEmpty)
        withExtendedLifetime(tokens) {}
    }

    /// The list changes twice while a conversation covers home: a row moves (a message sent), then
    /// only the outbox's count (the message fails). Home, uncovered, shows the last snapshot; its
    /// changes must still lead from the rows shown before it was covered.
    @Test func aMessageFailingWhileHomeIsCovered_leavesTheListInStep_whenHomeShowsAgain() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
        world.match("alice", "bob")
        world.match("alice", "carol")
        try world.app.signIn("alice", "wonderland")
        try world.app.tap("Matches")
        world.app.open("discover://chat/m-alice~bob")
        world.server.failNextRequest(with: .server("boom"), on: .sendMessage)
        try world.app.type("Hi Bob", into: "Message")
        try world.app.tap("Send")
        world.app.settle()
        #expect(world.app.messageRows.first?.hasPrefix("You: Hi Bob [not sent") == true)
        try world.app.tap("Back")
        #expect(world.app.screen?.id == .home)
        #expect(world.app.matchRows == ["Carol: New match — say hi", "Bob: Hi Bob"])
        #expect(world.app.frontEnd.listErrors.isEmpty)
    }
}
