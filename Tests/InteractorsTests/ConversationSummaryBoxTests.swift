import Foundation
import Models
import Testing

/// A summary that keeps its match in a shared box reads, copies, hashes and encodes as the plain
/// struct of its three properties did.
@Suite struct ConversationSummaryBoxTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    /// The summary as it was before the match was boxed: the synthesized conformances.
    struct PlainSummary: Codable, Equatable {
        var match: Match
        var lastMessage: Message?
        var unreadCount: Int
    }

    func summaries() -> [ConversationSummary] {
        let match = Match(id: "m-alice-bob", user: "bob", displayName: "Bob", matchedAt: t0)
        let message = Message(
            id: "msg-1", conversation: match.id, sender: "bob", text: "hi", sentAt: t0 + 5,
            transactionID: "tx", status: .delivered)
        return [
            ConversationSummary(match: match, lastMessage: nil, unreadCount: 0),
            ConversationSummary(match: match, lastMessage: message, unreadCount: 3),
        ]
    }

    @Test func encoding_matchesThePlainStructs() throws {
        let encoder = JSONEncoder()
        // Sorted: Foundation on Linux writes unsorted keys in hash order, which differs between two
        // encodings of one value, so key order is not something JSON here can promise or a test check.
        encoder.outputFormatting = .sortedKeys
        for summary in summaries() {
            let plain = PlainSummary(
                match: summary.match, lastMessage: summary.lastMessage, unreadCount: summary.unreadCount)
            let boxed = try encoder.encode(summary)
            #expect(boxed == (try encoder.encode(plain)))
            let decoded = try JSONDecoder().decode(ConversationSummary.self, from: boxed)
            #expect(decoded == summary)
            #expect(decoded.hashValue == summary.hashValue)
            #expect(try JSONDecoder().decode(PlainSummary.self, from: boxed) == plain)
        }
    }

    @Test func readsInTheBox_matchTheMatch() {
        for summary in summaries() {
            #expect(summary.id == summary.match.id)
            #expect(summary.matchName == summary.match.displayName)
            #expect(summary.lastActivity == (summary.lastMessage?.sentAt ?? summary.match.matchedAt))
        }
    }

    @Test func aCopy_isIndependentOfTheOriginal_andEqualSummariesHashAlike() {
        for summary in summaries() {
            var edited = summary
            edited.match.displayName = "Robert"
            #expect(summary.match.displayName == "Bob" && summary.matchName == "Bob")
            #expect(edited.matchName == "Robert" && edited != summary)
            edited.match.displayName = "Bob"
            // Equal in a box of its own (not shared): compared field by field, and hashed alike.
            #expect(edited == summary && edited.hashValue == summary.hashValue)
            edited.match = Match(id: "m-2", user: "eve", displayName: "Eve", matchedAt: t0 + 1)
            #expect(edited.id == "m-2" && edited.lastActivity == (summary.lastMessage?.sentAt ?? t0 + 1))
        }
    }

    /// The last message is kept as a message and a flag: setting, clearing and comparing it reads as
    /// the optional did, and a summary without one equals (and hashes as) another without one.
    @Test func lastMessage_setAndCleared_readsAsTheOptional() throws {
        let summaries = summaries()
        var cleared = summaries[1]
        #expect(cleared.hasLastMessage && cleared.lastMessage == summaries[1].lastMessage)
        cleared.lastMessage = nil
        #expect(!cleared.hasLastMessage && cleared.lastMessage == nil)
        #expect(cleared.lastActivity == t0)
        cleared.unreadCount = 0
        #expect(cleared == summaries[0] && cleared.hashValue == summaries[0].hashValue)
        var set = summaries[0]
        set.lastMessage = summaries[1].lastMessage
        set.unreadCount = 3
        #expect(set.hasLastMessage && set == summaries[1] && set.hashValue == summaries[1].hashValue)
        var other = set
        other.lastMessage?.text = "hello"
        #expect(other != set && other.lastMessage?.text == "hello")
    }

    /// `take` makes a message the last unless the last sorts after it, or replaces it with its
    /// confirmed or changed copy; it always counts the unseen.
    @Test func take_keepsTheNewest_andTakesConfirmationsAndChanges() throws {
        let summaries = summaries()
        let last = try #require(summaries[1].lastMessage)
        var summary = summaries[0]
        summary.take(nil, unseen: 2)
        #expect(!summary.hasLastMessage && summary.unreadCount == 2)
        summary.take(last, unseen: 0)
        #expect(summary.lastMessage == last && summary.unreadCount == 2)
        let older = Message(
            id: "msg-0", conversation: last.conversation, sender: "bob", text: "old", sentAt: t0)
        summary.take(older, unseen: 1)
        #expect(summary.lastMessage == last && summary.unreadCount == 3)
        var changed = last
        changed.status = .read
        summary.take(changed, unseen: 0)
        #expect(summary.lastMessage == changed)
        let pending = Message(
            id: "tx-9", conversation: last.conversation, sender: "alice", text: "yo", sentAt: t0 + 9,
            transactionID: "tx-9", status: .sending)
        summary.take(pending, unseen: 0)
        #expect(summary.lastMessage == pending)
        // The server's copy, stamped earlier than the pending one, still replaces it.
        let confirmed = Message(
            id: "msg-9", conversation: last.conversation, sender: "alice", text: "yo", sentAt: t0 + 8,
            transactionID: "tx-9", status: .sent)
        summary.take(confirmed, unseen: 0)
        #expect(summary.lastMessage == confirmed)
        summary.take(older, unseen: 0)
        #expect(summary.lastMessage == confirmed)
    }
}
