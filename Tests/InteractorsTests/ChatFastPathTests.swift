import EmbeddedBackend
import Foundation
import Interactors
import Models
import Testing

/// The chat path's shortcuts give the answers of the straightforward code they replace.
@Suite struct ChatFastPathTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func message(_ id: String) -> Message {
        Message(id: id, conversation: "m", sender: "bob", text: id, sentAt: t0)
    }

    /// Lists that begin alike (as a conversation's do) with rests of up to `rest` rows drawn from `pool`.
    func lists(
        _ pool: [String], rest: Int, using generator: inout SeededGenerator
    ) -> (old: [String], new: [String], updated: [String]) {
        let shared = Array(pool.prefix(Int.random(in: 0...(pool.count / 2), using: &generator)))
        let others = pool.dropFirst(shared.count)
        let old =
            shared + others.shuffled(using: &generator).prefix(Int.random(in: 0...rest, using: &generator))
        let new =
            shared + others.shuffled(using: &generator).prefix(Int.random(in: 0...rest, using: &generator))
        // Repeats and ids in neither list are allowed.
        let updated = (0..<Int.random(in: 0...(rest + 4), using: &generator)).map { _ in
            pool.randomElement(using: &generator) ?? ""
        }
        return (old, new, updated)
    }

    @Test func diffingMessages_givesTheChangesOfTheirIds_shortAndLongLists() {
        var generator = SeededGenerator(seed: 23)
        for (size, rest) in [(10, 4), (40, 20), (60, 40)] {
            let pool = (0..<size).map { "r\($0)" }
            for _ in 0..<700 {
                let (old, new, updated) = lists(pool, rest: rest, using: &generator)
                let expected = ListDiffTests.reference(old, new, updated: Set(updated))
                #expect(ListDiff.changes(from: old, to: new, updated: Set(updated)) == expected)
                #expect(
                    ListDiff.changes(from: old.map(message), to: new.map(message), updated: updated)
                        == expected,
                    "\(old) → \(new), updated \(updated)")
                // The same messages in both lists (texts in one storage): compared without their ids.
                let made = Dictionary(uniqueKeysWithValues: pool.map { ($0, message($0)) })
                let shared = { (id: String) in made[id] ?? message(id) }
                #expect(
                    ListDiff.changes(from: old.map(shared), to: new.map(shared), updated: updated)
                        == expected,
                    "shared: \(old) → \(new), updated \(updated)")
                // Into an array that held other changes: the same changes.
                var into = [ListChange.insert("x", at: 0), .remove("y", at: 3), .update("z", at: 1)]
                ListDiff.changes(from: old.map(shared), to: new.map(shared), updated: updated, into: &into)
                #expect(into == expected, "into: \(old) → \(new), updated \(updated)")
            }
        }
    }

    @Test func aConfirmation_updatesWhatTheFullDiffUpdates_withoutLookingAtTheRowsKept() {
        let cases: [([String], [String], [String])] = [
            (["a", "b", "c", "t"], ["a", "b", "c", "s"], ["t"]),
            (["a", "b", "c", "t"], ["a", "b", "c", "s"], ["t", "b"]),
            (["a", "b", "c", "t"], ["a", "b", "c", "s"], ["t", "s"]),
            (["a", "b", "t", "u"], ["a", "b", "s", "u"], ["t", "u"]),
            (["a", "b", "t", "u"], ["a", "b", "s", "u"], ["u", "a"]),
            (["a", "b"], ["a", "b"], ["b"]), (["a", "b"], ["a", "b", "c"], ["a"]),
        ]
        for (old, new, updated) in cases {
            let expected = ListDiffTests.reference(old, new, updated: Set(updated))
            #expect(
                ListDiff.changes(from: old.map(message), to: new.map(message), updated: updated) == expected,
                "\(old) → \(new), updated \(updated)")
        }
    }

    @Test func aMessageAppendedOrTheLastReplaced_givesTheFullDiffsChanges() {
        let made = Dictionary(uniqueKeysWithValues: ["a", "b", "c", "s", "t"].map { ($0, message($0)) })
        let shared = { (id: String) in made[id] ?? self.message(id) }
        let cases: [([String], [String], [String])] = [
            ([], ["a"], []), (["a", "b"], ["a", "b", "c"], []), (["a", "b"], ["a", "b", "c"], ["c"]),
            (["a", "b"], ["a", "b", "c"], ["a"]), (["t"], ["s"], ["t"]),
            (["a", "b", "t"], ["a", "b", "s"], ["t"]),
            (["a", "b", "t"], ["a", "b", "s"], ["s"]), (["a", "b", "t"], ["a", "b", "s"], ["t", "a"]),
            (["a", "b", "t"], ["a", "b", "t"], ["t"]), (["a", "t"], ["b", "s"], ["t"]),
            (["a", "b"], ["b", "a", "c"], []), (["a", "t"], ["a", "t", "s"], []),
        ]
        for (old, new, updated) in cases {
            let expected = ListDiffTests.reference(old, new, updated: Set(updated))
            #expect(
                ListDiff.changes(from: old.map(shared), to: new.map(shared), updated: updated) == expected,
                "shared: \(old) → \(new), updated \(updated)")
            #expect(
                ListDiff.changes(from: old.map(message), to: new.map(message), updated: updated) == expected,
                "\(old) → \(new), updated \(updated)")
            // Into an array kept from earlier changes, whether something else holds it or not.
            var into = [ListChange.update("x", at: 0)]
            let held = into
            ListDiff.changes(from: old.map(shared), to: new.map(shared), updated: updated, into: &into)
            #expect(into == expected, "into: \(old) → \(new), updated \(updated)")
            #expect(held == [.update("x", at: 0)])
        }
    }

    @Test func messageEquality_seesEveryProperty() {
        let base = message("a")
        let edits: [(String, (inout Message) -> Void)] = [
            ("id", { $0.id = "b" }), ("conversation", { $0.conversation = "n" }),
            ("sender", { $0.sender = "al" }),
            ("text", { $0.text = "x" }), ("sentAt", { $0.sentAt = self.t0 + 1 }),
            ("transactionID", { $0.transactionID = "t" }), ("status", { $0.status = .read }),
        ]
        expectEveryEditTakesPartInEquality(base, edits)
    }

    @Test func summaryEquality_seesEveryProperty() {
        let match = Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0)
        let base = ConversationSummary(match: match, lastMessage: message("a"), unreadCount: 1)
        let edits: [(String, (inout ConversationSummary) -> Void)] = [
            ("match", { $0.match.displayName = "Rob" }), ("lastMessage", { $0.lastMessage = nil }),
            ("lastMessage's status", { $0.lastMessage?.status = .read }),
            ("unreadCount", { $0.unreadCount = 2 }),
        ]
        expectEveryEditTakesPartInEquality(base, edits)
    }

    @Test func aConversationStateCopy_isIndependentOfTheOriginal() {
        var original = ConversationState(
            match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        original.messages = [message("a")]
        let snapshot = original
        original.messages[0].status = .read
        original.draft = "hi"
        #expect(snapshot.messages == [message("a")] && snapshot.draft.isEmpty)
        #expect(original.messages[0].status == .read && original.draft == "hi")
        #expect(snapshot != original)
        var same = snapshot
        same.revision = 0
        #expect(same == snapshot)
    }

    @Test func aConversationStatesMatchName_isItsMatchsDisplayName_afterEdits() {
        var state = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        #expect(state.matchName == state.match.displayName)
        let copy = state
        state.match.displayName = "Robert"
        #expect(state.matchName == "Robert" && copy.matchName == "Bob")
        state.match = Match(id: "n", user: "eve", displayName: "Eve", matchedAt: t0)
        #expect(state.matchName == state.match.displayName)
    }

    @Test func aChatListStateCopy_isIndependentOfTheOriginal_andEqualityAndHashingSeeEveryProperty() {
        let match = Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0)
        var original = ChatListState()
        original.conversations.insert(
            ConversationSummary(match: match, lastMessage: message("a"), unreadCount: 0), at: 0)
        let snapshot = original
        original.conversations.replace(
            at: 0, with: ConversationSummary(match: match, lastMessage: message("b"), unreadCount: 1))
        original.revision += 1
        #expect(snapshot.conversations.first?.lastMessage == message("a") && snapshot.revision == 0)
        #expect(original.conversations.first?.unreadCount == 1 && original.revision == 1)
        #expect(snapshot != original)
        var same = snapshot
        same.isLoaded = false
        #expect(same == snapshot && same.hashValue == snapshot.hashValue)
        let edits: [(String, (inout ChatListState) -> Void)] = [
            ("newMatches", { $0.newMatches = [match] }),
            ("conversations", { _ = $0.conversations.remove(at: 0) }),
            ("changes", { $0.changes = [.insert("m", at: 0)] }), ("revision", { $0.revision = 7 }),
            ("outboxCount", { $0.outboxCount = 1 }), ("isLoaded", { $0.isLoaded = true }),
        ]
        expectEveryEditTakesPartInEquality(snapshot, edits)
    }

    /// A list changed in a spare box, snapshot after snapshot as the chat publishes, ends as one
    /// changed without, and never changes a snapshot something else holds.
    @Test func aChatListStateMadeUniqueInASpareBox_changesNoSnapshotKept() {
        let match = Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0)
        var spare = ChatListState.SpareStorage()
        var withSpare = ChatListState()
        var without = ChatListState()
        var kept: [(ChatListState, Int)] = []
        for round in 0..<8 {
            let shown = withSpare
            if round.isMultiple(of: 3) { kept.append((shown, shown.revision)) }
            // The chat no longer lets go of the kept box's contents first (making the list unique
            // does): both ways end the same.
            if round.isMultiple(of: 2) { spare.letGoOfContents() }
            withSpare.makeUnique(spare: &spare)
            withSpare.revision += 1
            withSpare.changes = [.update("m", at: round)]
            withSpare.conversations.insert(
                ConversationSummary(match: match, lastMessage: message("m\(round)"), unreadCount: round),
                at: 0)
            without.revision += 1
            without.changes = [.update("m", at: round)]
            without.conversations.insert(
                ConversationSummary(match: match, lastMessage: message("m\(round)"), unreadCount: round),
                at: 0)
            #expect(withSpare == without)
            #expect(shown != withSpare)
        }
        for (state, revision) in kept {
            #expect(state.revision == revision && state.conversations.count == revision)
        }
    }

    @Test func conversationStateEquality_seesEveryProperty() {
        let base = ConversationState(match: Match(id: "m", user: "bob", displayName: "Bob", matchedAt: t0))
        let edits: [(String, (inout ConversationState) -> Void)] = [
            ("match", { $0.match.displayName = "Rob" }), ("messages", { $0.messages = [self.message("a")] }),
            ("changes", { $0.changes = [.insert("a", at: 0)] }), ("revision", { $0.revision = 1 }),
            ("hasOlderMessages", { $0.hasOlderMessages = false }),
            ("isLoadingHistory", { $0.isLoadingHistory = true }),
            ("otherIsTyping", { $0.otherIsTyping = true }), ("problem", { $0.problem = .empty }),
            ("failure", { $0.failure = .offline }), ("isUnmatched", { $0.isUnmatched = true }),
            ("draft", { $0.draft = "hi" }),
        ]
        expectEveryEditTakesPartInEquality(base, edits)
    }
}

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

    private mutating func insert(_ message: Message) {
        let index = messages.firstIndex { !$0.isOrderedBefore(message) } ?? messages.count
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
            var flagged = ConversationLog()
            var reused = ConversationLog()
            // The updated ids' storage kept between merges, as the chat keeps it.
            var kept: [String] = []
            // A log whose messages a snapshot shares, merged through a spare storage.
            var spared = ConversationLog()
            var spare: [Message] = []
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
                #expect(log.messages == reference.messages)
                // One message merged without an array: the same answers and the same log.
                for message in batch {
                    let alone = single.merge(message)
                    #expect(alone.added == answer.added && alone.updated == answer.updated)
                }
                #expect(single == log)
                // One message merged without an array of added ids: whether its id is the one added,
                // the same updated ids and the same log.
                for message in batch {
                    let one = flagged.mergeOne(message)
                    #expect(
                        (one.isAdded ? [message.id] : []) == answer.added && one.updated == answer.updated)
                }
                #expect(flagged == log)
                // The same into a kept array: the same answers, whatever the array held before.
                for message in batch {
                    let isAdded = reused.mergeOne(message, updated: &kept)
                    #expect((isAdded ? [message.id] : []) == answer.added && kept == answer.updated)
                }
                #expect(reused == log)
                // Through a spare storage, with the messages shown (shared) as a screen shows them:
                // the same answers and log, and what was shown left as it was.
                for message in batch {
                    let shown = spared.messages
                    let shownCopy = Array(shown)
                    var updatedHere: [String] = []
                    let isAdded = spared.mergeOne(message, updated: &updatedHere, spare: &spare)
                    #expect((isAdded ? [message.id] : []) == answer.added && updatedHere == answer.updated)
                    #expect(shown == shownCopy)
                }
                #expect(spared == log)
            }
        }
    }
}
