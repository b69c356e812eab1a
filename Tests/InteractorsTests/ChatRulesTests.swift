import EmbeddedBackend
import Foundation
import Interactors
import Models
import Testing

/// The log's merge as first written (a confirmed message always removed and inserted again): the
/// log must keep giving its answers.
struct ReferenceLog {
    var messages: [Message] = []

    mutating func merge(_ incoming: [Message]) -> (added: [String], updated: [String]) {
        var added: [String] = []
        var updated: [String] = []
        for message in incoming {
            if let transaction = message.transactionID, transaction != message.id,
                let index = messages.firstIndex(where: { $0.id == transaction })
            {
                messages.remove(at: index)
                updated.append(transaction)
            }
            if let index = messages.firstIndex(where: { $0.id == message.id }) {
                var merged = message
                merged.status =
                    Self.rank(messages[index].status) >= Self.rank(message.status)
                    ? messages[index].status : message.status
                if messages[index] != merged {
                    messages.remove(at: index)
                    insert(merged)
                    updated.append(message.id)
                }
                continue
            }
            insert(message)
            added.append(message.id)
        }
        return (added, updated)
    }

    mutating func insert(_ message: Message) {
        let index = messages.firstIndex { !MessageOrder.isBefore($0, message) } ?? messages.count
        messages.insert(message, at: index)
    }

    private static func rank(_ status: Message.Status) -> Int {
        [Message.Status.failed, .sending, .sent, .delivered, .read].firstIndex(of: status) ?? 0
    }
}

@Suite struct ConversationLogMergeTests {
    @Test func confirmations_sendsAndArrivals_leaveTheLogOfRemovingAndInsertingEachOne_oneByOneToo() {
        var generator = SeededGenerator(seed: 31)
        let t0 = Date(timeIntervalSince1970: 1_000)
        for _ in 0..<200 {
            var log = ConversationLog()
            var single = ConversationLog()
            var reference = ReferenceLog()
            var pending: [String] = []
            var next = 0
            for _ in 0..<30 {
                next += 1
                // A few instants only, so many messages share one.
                let at = t0 + Double(Int.random(in: 0..<3, using: &generator))
                var batch: [Message] = []
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    let id = "id-\(next)"
                    pending.append(id)
                    batch.append(
                        Message(
                            id: id, conversation: "m", sender: "alice", text: "t", sentAt: at,
                            transactionID: id, status: Bool.random(using: &generator) ? .sending : .failed))
                case 1 where !pending.isEmpty:
                    let transaction = pending.remove(at: Int.random(in: pending.indices, using: &generator))
                    batch.append(
                        Message(
                            id: "msg-\(next)", conversation: "m", sender: "alice", text: "t", sentAt: at,
                            transactionID: transaction, status: .sent))
                case 2:
                    batch.append(
                        Message(id: "msg-\(next)", conversation: "m", sender: "bob", text: "t", sentAt: at))
                default:
                    // A repeat of a message already there, its status maybe further.
                    if let old = reference.messages.randomElement(using: &generator) {
                        var again = old
                        again.status = [.sent, .delivered, .read].randomElement(using: &generator) ?? .sent
                        batch.append(again)
                    }
                }
                let answer = log.merge(batch)
                let expected = reference.merge(batch)
                #expect(answer.added == expected.added && answer.updated == expected.updated)
                #expect(Array(log.messages) == reference.messages)
                // One message merged at a time: the same answers and the same log.
                for message in batch {
                    let alone = single.merge(message)
                    #expect(alone.added == answer.added && alone.updated == answer.updated)
                }
                #expect(single == log)
            }
        }
    }
}

@Suite struct MessageListDiffTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func message(_ id: String) -> Message {
        Message(id: id, conversation: "m", sender: "bob", text: id, sentAt: t0)
    }

    /// Messages are diffed by their ids, as lists of ids are.
    @Test func diffingMessages_givesTheChangesOfTheirIds() {
        var generator = SeededGenerator(seed: 23)
        for (size, rest) in [(10, 4), (40, 20), (60, 40)] {
            let pool = (0..<size).map { "r\($0)" }
            for _ in 0..<300 {
                let shared = Array(pool.prefix(Int.random(in: 0...(pool.count / 2), using: &generator)))
                let others = pool.dropFirst(shared.count)
                let old =
                    shared
                    + others.shuffled(using: &generator).prefix(Int.random(in: 0...rest, using: &generator))
                let new =
                    shared
                    + others.shuffled(using: &generator).prefix(Int.random(in: 0...rest, using: &generator))
                // Repeats and ids in neither list are allowed.
                let updated = (0..<Int.random(in: 0...(rest + 4), using: &generator)).map { _ in
                    pool.randomElement(using: &generator) ?? ""
                }
                let expected = ListDiffTests.reference(old, new, updated: Set(updated))
                #expect(ListDiff.changes(from: old, to: new, updated: Set(updated)) == expected)
                #expect(
                    ListDiff.changes(
                        from: MessageList(old.map(message)), to: MessageList(new.map(message)),
                        updated: updated) == expected,
                    "\(old) → \(new), updated \(updated)")
            }
        }
    }
}

@Suite struct ConversationSummaryRulesTests {
    let t0 = Date(timeIntervalSince1970: 1_000)
    var match: Match { Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0) }

    func message(_ id: String, at seconds: Double, transaction: String? = nil, _ status: Message.Status)
        -> Message
    {
        Message(
            id: id, conversation: "m", sender: "bob", text: id, sentAt: t0 + seconds,
            transactionID: transaction, status: status)
    }

    /// A row takes a message as its last unless its last sorts after it, or when it is its last
    /// confirmed or changed; it always counts the unseen.
    @Test func taking_keepsTheNewest_andTakesConfirmationsAndChanges() {
        let messages: [Message?] = [
            nil, message("a", at: 1, .sent), message("b", at: 1, .sent), message("a", at: 1, .read),
            message("c", at: 0, .sent), message("t", at: 2, .sending),
            message("s", at: 2, transaction: "t", .sent), message("d", at: 3, .failed),
        ]
        for last in messages {
            for newest in messages {
                for unseen in [0, 2] {
                    let base = ConversationSummary(match: match, lastMessage: last, unreadCount: 1)
                    var expected = base
                    if let newest,
                        expected.lastMessage.map({
                            MessageOrder.isBefore($0, newest) || $0.id == newest.transactionID
                                || $0.id == newest.id
                        }) ?? true
                    {
                        expected.lastMessage = newest
                    }
                    expected.unreadCount += unseen
                    let taken = ConversationSummaryRules.taking(newest, unseen: unseen, into: base)
                    #expect(taken == expected, "\(String(describing: last)) ← \(String(describing: newest))")
                }
            }
        }
    }

    @Test func unseenMessages_areTheOtherPersonsNewOnes_whileTheConversationIsClosed() {
        let mine = Message(id: "a", conversation: "m", sender: "alice", text: "a", sentAt: t0)
        let theirs = message("b", at: 1, .sent)
        let again = message("c", at: 2, .sent)
        let messages = [mine, theirs, again]
        #expect(
            ConversationSummaryRules.unseen(messages, added: ["a", "b"], viewer: "alice", isOpen: false) == 1)
        #expect(
            ConversationSummaryRules.unseen(messages, added: ["a", "b", "c"], viewer: "alice", isOpen: false)
                == 2)
        #expect(
            ConversationSummaryRules.unseen(messages, added: ["b", "c"], viewer: "alice", isOpen: true) == 0)
    }

    @Test func theServersCopy_whenItComesLater_keepsTheClientsNewerLastMessage() {
        let older = message("a", at: 1, .sent)
        let newer = message("b", at: 2, .sent)
        let remote = ConversationSummary(match: match, lastMessage: older, unreadCount: 2)
        let local = ConversationSummary(match: match, lastMessage: newer, unreadCount: 0)
        #expect(ConversationSummaryRules.merged(remote, over: nil) == remote)
        #expect(ConversationSummaryRules.merged(remote, over: local).lastMessage == newer)
        #expect(ConversationSummaryRules.merged(remote, over: local).unreadCount == 2)
        #expect(ConversationSummaryRules.merged(local, over: remote).lastMessage == newer)
        let empty = ConversationSummary(match: match, lastMessage: nil, unreadCount: 0)
        #expect(ConversationSummaryRules.merged(empty, over: local).lastMessage == newer)
    }
}

/// The matches list's order: rows edited one change at a time end as the list sorted afresh, and
/// every change leads from the rows before to the rows after.
@Suite struct MatchesListOrderTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func summary(_ index: Int, at seconds: Int?, unread: Int = 0) -> ConversationSummary {
        let match = Match(
            id: "m\(index)", user: UserID("u\(index)"), displayName: "U\(index)",
            matchedAt: t0 + Double(index % 7))
        let last = seconds.map {
            Message(
                id: "x\(index)-\($0)", conversation: match.id, sender: "u", text: "hi",
                sentAt: t0 + Double($0))
        }
        return ConversationSummary(match: match, lastMessage: last, unreadCount: unread)
    }

    @Test func editsOneAtATimeOrInBulk_giveTheRowsSortedAfresh_andChangesThatLeadThere() {
        var generator = SeededGenerator(seed: 3)
        var list = ChatListState()
        var current: [String: ConversationSummary] = [:]
        var shown: [String: MatchesListOrder.Key] = [:]
        for step in 0..<400 {
            // One to a few conversations change: a message, a read, a new match, an unmatch.
            var edits: [MatchesListOrder.Edit] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<40, using: &generator)
                let id = "m\(index)"
                guard !edits.contains(where: { $0.id == id }) else { continue }
                let next: ConversationSummary? =
                    switch Int.random(in: 0..<6, using: &generator) {
                    case 0: nil
                    case 1: summary(index, at: nil)
                    case 2:
                        current[id].map {
                            ConversationSummary(match: $0.match, lastMessage: $0.lastMessage, unreadCount: 0)
                        }
                    default: summary(index, at: step % 50, unread: Int.random(in: 0..<3, using: &generator))
                    }
                edits.append(MatchesListOrder.Edit(id: id, shown: shown[id], summary: next))
                current[id] = next
                shown[id] = next.map(MatchesListOrder.Key.init)
            }
            let before = list.rowIDs
            let (edited, changes) = MatchesListOrder.apply(edits, to: list)
            #expect(ListChange.apply(changes, to: before) == edited.rowIDs, "step \(step)")
            let (rebuilt, bulkChanges) = MatchesListOrder.rebuilt(
                from: Array(current.values.compactMap { $0 }), replacing: list)
            #expect(rebuilt == edited, "step \(step)")
            #expect(ListChange.apply(bulkChanges, to: before) == rebuilt.rowIDs)
            list = edited
        }
    }

    @Test func newMatchesComeFirst_newestFirst_thenConversationsByTheirLastMessage() {
        let rows = [summary(1, at: 5), summary(2, at: nil), summary(3, at: 9), summary(4, at: nil)]
        let (list, changes) = MatchesListOrder.rebuilt(from: rows, replacing: ChatListState())
        #expect(list.rowIDs == ["m4", "m2", "m3", "m1"])
        #expect(changes.count == 4)
        // A message to the oldest conversation moves it to the top of the conversations.
        let edit = MatchesListOrder.Edit(
            id: "m1", shown: MatchesListOrder.Key(rows[0]), summary: summary(1, at: 10, unread: 1))
        let (moved, moves) = MatchesListOrder.apply([edit], to: list)
        #expect(moved.rowIDs == ["m4", "m2", "m1", "m3"])
        #expect(moves == [.move("m1", from: 3, to: 2), .update("m1", at: 2)])
        #expect(MatchesListOrder.prefersRebuild(edits: 100, rows: 150))
        #expect(!MatchesListOrder.prefersRebuild(edits: 10, rows: 15))
    }
}

/// Which messages count as unread when one leaves the conversation.
@Suite struct UnreadMessageTests {
    func message(_ id: String, from sender: UserID) -> Message {
        Message(
            id: id, conversation: "m-alice~bob", sender: sender, text: id,
            sentAt: Date(timeIntervalSince1970: 0))
    }

    @Test func theUnreadMessages_areTheOtherPersonsNewest_asManyAsTheCount() {
        let messages = [
            message("b1", from: "bob"), message("a1", from: "alice"), message("b2", from: "bob"),
            message("a2", from: "alice"), message("b3", from: "bob"),
        ]
        let unread = messages.filter {
            ConversationSummaryRules.isUnread($0.id, in: messages, unreadCount: 2, viewer: "alice")
        }
        #expect(unread.map(\.id) == ["b2", "b3"])
        #expect(!ConversationSummaryRules.isUnread("b3", in: messages, unreadCount: 0, viewer: "alice"))
        #expect(!ConversationSummaryRules.isUnread("zz", in: messages, unreadCount: 5, viewer: "alice"))
    }
}
