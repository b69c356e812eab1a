import Foundation
import Interactors
import Models
import Testing

/// The conversations a list no longer has, of those the client asked about, ended while it did not
/// hear; those it did not ask about are not judged.
@Suite struct EndedWhileAwayTests {
    static func summary(_ other: UserID) -> ConversationSummary {
        let match = Match(
            id: Match.id(between: "alice", and: other), user: other, displayName: other.rawValue,
            matchedAt: Date(timeIntervalSince1970: 0))
        return ConversationSummary(match: match, lastMessage: nil, unreadCount: 0)
    }

    @Test func aConversationAskedAbout_thatTheListLacks_ended_andOthersDidNot() {
        let bob = Match.id(between: "alice", and: "bob")
        let carol = Match.id(between: "alice", and: "carol")
        let dave = Match.id(between: "alice", and: "dave")
        #expect(
            ConversationSummaryRules.endedWhileAway(
                asked: [bob, carol, dave], list: [Self.summary("carol")]) == [bob, dave])
        #expect(
            ConversationSummaryRules.endedWhileAway(asked: [carol], list: [Self.summary("carol")]).isEmpty)
        #expect(ConversationSummaryRules.endedWhileAway(asked: [], list: []).isEmpty)
    }
}
