import Foundation
import Interactors
import Models
import Testing

/// The conversation follows its history's cursor on its own only while a page tells it nothing new.
@Suite struct HistoryPagingRuleTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func message(_ number: Int) -> Message {
        Message(
            id: "m\(number)", conversation: "c", sender: "bob", text: "\(number)",
            sentAt: t0 + Double(number))
    }

    func log(_ numbers: Range<Int>) -> ConversationLog {
        var log = ConversationLog()
        log.merge(numbers.map(message))
        return log
    }

    func page(_ numbers: Range<Int>, cursor: String?) -> MessagePage {
        MessagePage(messages: numbers.reversed().map(message), olderCursor: cursor)
    }

    @Test func aNewestPageAllHeld_withOlderMessagesHeldToo_followsTheCursor() {
        #expect(HistoryPaging.followsAtOnce(page(5..<55, cursor: "5"), into: log(0..<55), wasOlder: false))
    }

    @Test func aNewestPageAllHeld_withNothingOlderHeld_waitsForTheUser() {
        #expect(!HistoryPaging.followsAtOnce(page(5..<55, cursor: "5"), into: log(5..<55), wasOlder: false))
    }

    @Test func aPageWithSomethingNew_waitsForTheUser() {
        #expect(!HistoryPaging.followsAtOnce(page(5..<55, cursor: "5"), into: log(30..<55), wasOlder: false))
        #expect(!HistoryPaging.followsAtOnce(page(0..<5, cursor: "0"), into: log(3..<55), wasOlder: true))
    }

    @Test func anOlderPageThatAddedNothing_followsTheCursor_untilTheHistoryEnds() {
        #expect(HistoryPaging.followsAtOnce(page(20..<40, cursor: "20"), into: log(0..<55), wasOlder: true))
        #expect(!HistoryPaging.followsAtOnce(page(0..<20, cursor: nil), into: log(0..<55), wasOlder: true))
    }
}
