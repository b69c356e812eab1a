import EmbeddedBackend
import Foundation
import Interactors
import Models
import Testing

@Suite struct ListDiffTests {
    func check(_ old: [String], _ new: [String], updated: Set<String> = []) -> [ListChange] {
        let changes = ListDiff.changes(from: old, to: new, updated: updated)
        #expect(ListChange.apply(changes, to: old) == new, "\(old) → \(new) via \(changes)")
        return changes
    }

    @Test func theChanges_alwaysLeadFromTheOldListToTheNewOne() {
        #expect(check([], ["a", "b"]) == [.insert("a", at: 0), .insert("b", at: 1)])
        #expect(check(["a", "b", "c"], ["a", "c"]) == [.remove("b", at: 1)])
        #expect(check(["a", "b", "c"], ["c", "a", "b"]) == [.move("c", from: 2, to: 0)])
        #expect(check(["a", "b"], ["a", "b"], updated: ["b"]) == [.update("b", at: 1)])
        #expect(check(["a", "b", "c", "d"], ["d", "x", "b"], updated: ["b"]).count == 5)
        _ = check(["a", "b", "c", "d", "e"], ["e", "d", "c", "b", "a"])
        _ = check(["a"], [])
    }

    @Test func theRowsBothListsBeginWith_stayWhereTheyAre() {
        #expect(
            check(["a", "b", "t"], ["a", "b", "s"], updated: ["b", "t"])
                == [.remove("t", at: 2), .insert("s", at: 2), .update("b", at: 1)])
        #expect(
            check(["a", "b", "c", "d"], ["a", "d", "b"], updated: ["d", "a"])
                == [
                    .remove("c", at: 2), .move("d", from: 2, to: 1), .update("a", at: 0), .update("d", at: 1),
                ])
    }

    @Test func rowsAppendedOrOnlyUpdated_areInsertsAtTheEndThenUpdatesOfTheKeptRows() {
        #expect(
            check(["a", "b"], ["a", "b", "c", "d"], updated: ["a", "c", "x"])
                == [.insert("c", at: 2), .insert("d", at: 3), .update("a", at: 0)])
        #expect(check(["a", "b"], ["a", "b"]).isEmpty)
        #expect(check([], []).isEmpty)
        #expect(
            check(["a", "b"], ["a", "b"], updated: ["b", "a"]) == [.update("a", at: 0), .update("b", at: 1)])
    }

    @Test func randomLists_roundTrip() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let pool = (0..<12).map { "i\($0)" }
            let old = Array(
                pool.shuffled(using: &generator).prefix(Int.random(in: 0...12, using: &generator)))
            let new = Array(
                pool.shuffled(using: &generator).prefix(Int.random(in: 0...12, using: &generator)))
            _ = check(old, new, updated: Set(new.prefix(2)))
            // Lists that begin alike, as a conversation's do.
            let shared = Array(pool.prefix(Int.random(in: 0...6, using: &generator)))
            let tail = pool.dropFirst(shared.count).shuffled(using: &generator)
            let oldTail = Array(tail.prefix(Int.random(in: 0...3, using: &generator)))
            let newTail = Array(
                tail.shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator)))
            _ = check(shared + oldTail, shared + newTail, updated: Set((shared + newTail).suffix(3)))
        }
    }

    /// The diff as first written, hashing every row: the changes must stay exactly these.
    static func reference(_ old: [String], _ new: [String], updated: Set<String>) -> [ListChange] {
        var changes: [ListChange] = []
        let newSet = Set(new)
        var current = old
        for index in stride(from: current.count - 1, through: 0, by: -1)
        where !newSet.contains(current[index]) {
            changes.append(.remove(current[index], at: index))
            current.remove(at: index)
        }
        var position: [String: Int] = [:]
        for (index, id) in current.enumerated() { position[id] = index }
        var index = 0
        while index < new.count {
            let id = new[index]
            if index < current.count, current[index] == id {
                index += 1
                continue
            }
            if let from = position[id], from > index {
                current.remove(at: from)
                current.insert(id, at: index)
                changes.append(.move(id, from: from, to: index))
            } else {
                current.insert(id, at: index)
                changes.append(.insert(id, at: index))
            }
            for shifted in index..<current.count { position[current[shifted]] = shifted }
            index += 1
        }
        let oldSet = Set(old)
        for (index, id) in new.enumerated() where updated.contains(id) && oldSet.contains(id) {
            changes.append(.update(id, at: index))
        }
        return changes
    }

    @Test func theChanges_areThoseOfTheDiffThatHashesEveryRow() {
        var generator = SeededGenerator(seed: 11)
        let pool = (0..<10).map { "r\($0)" }
        for _ in 0..<2_000 {
            let shared = Array(pool.prefix(Int.random(in: 0...5, using: &generator)))
            let rest = pool.dropFirst(shared.count)
            let old =
                shared + rest.shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator))
            let new =
                shared + rest.shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator))
            let updated = Set(
                pool.shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator)))
            #expect(
                ListDiff.changes(from: old, to: new, updated: updated)
                    == Self.reference(old, new, updated: updated))
        }
    }

    @Test func changesThatDoNotFit_areRefused() {
        #expect(ListChange.apply([.remove("x", at: 0)], to: ["a"]) == nil)
        #expect(ListChange.apply([.insert("x", at: 5)], to: ["a"]) == nil)
        #expect(ListChange.apply([.move("a", from: 0, to: 3)], to: ["a"]) == nil)
        #expect(ListChange.apply([.update("b", at: 0)], to: ["a"]) == nil)
    }
}

@Suite struct ConversationLogTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    func message(
        _ id: String, _ seconds: Double, sender: UserID = "bob", status: Message.Status = .sent,
        transaction: String? = nil
    ) -> Message {
        Message(
            id: id, conversation: "m", sender: sender, text: id, sentAt: t0 + seconds,
            transactionID: transaction, status: status)
    }

    @Test func messages_stayOrderedByTimeThenID_whateverOrderTheyArriveIn() {
        var log = ConversationLog()
        log.merge([message("c", 3), message("a", 1)])
        log.merge([message("b", 2), message("b2", 2)])
        #expect(log.messages.map(\.id) == ["a", "b", "b2", "c"])
    }

    @Test func messagesOfOneInstant_keepTheOrderTheyWereMadeIn_unsentOnesLast() {
        var log = ConversationLog()
        log.merge([
            message("id-10", 5, sender: "alice", status: .sending),
            message("msg-2", 5), message("id-9", 5, sender: "alice", status: .failed), message("msg-1", 5),
        ])
        #expect(log.messages.map(\.id) == ["msg-1", "msg-2", "id-9", "id-10"])
        log.merge([message("msg-3", 5, sender: "alice", transaction: "id-9")])
        #expect(log.messages.map(\.id) == ["msg-1", "msg-2", "msg-3", "id-10"])
        // A status that is not pending any more sorts the message among the server's.
        let changed = log.setPendingStatus("id-10", .sent)
        #expect(changed)
        #expect(log.messages.map(\.id) == ["id-10", "msg-1", "msg-2", "msg-3"])
    }

    @Test func aPageThatArrivesTwiceOrOverlaps_changesNothing() {
        var log = ConversationLog()
        log.merge([message("a", 1), message("b", 2)])
        let again = log.merge([message("b", 2), message("a", 1)])
        #expect(again.added.isEmpty && again.updated.isEmpty)
        let overlap = log.merge([message("b", 2), message("c", 3)])
        #expect(overlap.added == ["c"])
        #expect(log.messages.map(\.id) == ["a", "b", "c"])
    }

    @Test func theServersCopy_replacesThePendingOne() {
        var log = ConversationLog()
        log.merge([message("txn-1", 5, sender: "alice", status: .sending, transaction: "txn-1")])
        let result = log.merge([message("msg-9", 4, sender: "alice", status: .sent, transaction: "txn-1")])
        #expect(result.added == ["msg-9"])
        #expect(result.updated == ["txn-1"])
        #expect(log.messages.map(\.id) == ["msg-9"])
        #expect(!log.contains("txn-1"))
    }

    @Test func receipts_raiseTheStatusOfOwnMessagesUpToATime_neverLowerIt() {
        var log = ConversationLog()
        log.merge([
            message("1", 1, sender: "alice"), message("2", 2, sender: "bob"),
            message("3", 3, sender: "alice"),
            message("4", 4, sender: "alice"),
        ])
        #expect(log.raiseStatus(of: "alice", upTo: t0 + 3, to: .read) == ["3", "1"])
        #expect(log.raiseStatus(of: "alice", upTo: t0 + 4, to: .delivered) == ["4"])
        #expect(log.raiseStatus(of: "alice", upTo: t0 + 3, to: .delivered).isEmpty)
        #expect(log.messages.map(\.status) == [.read, .sent, .read, .delivered])
        log.merge([message("3", 3, sender: "alice", status: .sent)])
        #expect(log.messages.map(\.status) == [.read, .sent, .read, .delivered])
    }
}

@Suite struct MessageValidatorTests {
    @Test func text_isTrimmed_emptyIsRefused_andOverFiveThousandIsTooLong() {
        #expect(MessageValidator.validate("  hi \n") == .success("hi"))
        #expect(MessageValidator.validate(" \n\t ") == .failure(MessageProblemError(problem: .empty)))
        #expect(
            MessageValidator.validate(String(repeating: "x", count: 5_000)).map(\.count) == .success(5_000))
        #expect(
            MessageValidator.validate(String(repeating: "x", count: 5_001))
                == .failure(MessageProblemError(problem: .tooLong(maximum: 5_000))))
    }

    @Test func trimming_takesOffWhatFoundationsWhitespacesAndNewlinesDo() {
        let scalars = (0...0x3100).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{1F600}", "\u{E0020}"]
        for scalar in scalars {
            let edge = String(scalar)
            for text in [edge + "a b" + edge + edge, edge, edge + "\u{301}x", "x" + edge + "\n"] {
                #expect(
                    Whitespace.trimmed(text)
                        == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    /// A control character (`\u{7F}`) shows nothing: text of nothing else is blank (``Whitespace/isBlank(_:)``).
    @Test func textWithVisibleEnds_isSentAsTyped_andAnyOtherIsTrimmed() {
        let edges = ["", " ", "\n", "\t", "\u{A0}", "\u{200B}", "\u{3000}", "a", "~", "!", "é", "\u{7F}"]
        for start in edges {
            for end in edges {
                for middle in ["", "x", " hi ", "\u{301}"] {
                    let text = start + middle + end
                    let trimmed = Whitespace.trimmed(text)
                    let expected: Result<String, MessageProblemError> =
                        Whitespace.isBlank(trimmed)
                        ? .failure(MessageProblemError(problem: .empty)) : .success(trimmed)
                    #expect(MessageValidator.validate(text) == expected, "\(Array(text.unicodeScalars))")
                }
            }
        }
    }

    @Test func theLimit_countsCharacters_notBytes() {
        let accented = String(repeating: "é", count: 5_000)
        #expect(MessageValidator.validate(accented).map(\.count) == .success(5_000))
        #expect(
            MessageValidator.validate(accented + "é")
                == .failure(MessageProblemError(problem: .tooLong(maximum: 5_000))))
    }
}

@Suite struct TypingPolicyTests {
    let t0 = Date(timeIntervalSince1970: 0)

    @Test func typingGoesOutOnce_andStoppedAfterThreeQuietSeconds() {
        var state = TypingPolicy.State()
        var sent: [String] = []
        for second in [0.0, 1, 2, 4] {
            let (next, send) = TypingPolicy.keystroke(state, at: t0 + second)
            state = next
            if send { sent.append("typing@\(Int(second))") }
        }
        let (early, stopEarly) = TypingPolicy.check(state, at: t0 + 6.5)
        #expect(!stopEarly)
        let (late, stop) = TypingPolicy.check(early, at: t0 + 7)
        #expect(stop)
        #expect(!late.isTyping)
        #expect(sent == ["typing@0"])
    }
}
