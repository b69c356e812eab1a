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
}
