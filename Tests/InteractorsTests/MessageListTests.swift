import EmbeddedBackend
import Foundation
import Interactors
import Models
import Testing

/// A conversation's message list: its counts hold through every change, and the diff of two lists
/// that share their storage is the diff of their ids.
@Suite struct MessageListTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let statuses: [Message.Status] = [.sending, .failed, .refused, .sent, .delivered, .read]

    func message(_ number: Int, _ status: Message.Status) -> Message {
        Message(
            id: "m\(number)", conversation: "c", sender: "alice", text: "\(number)",
            sentAt: Self.t0.addingTimeInterval(Double(number)), status: status)
    }

    @Test func aMessageList_keepsItsFailedAndRefusedCounts_throughEveryChange() {
        var generator = SeededGenerator(seed: 5)
        var list = MessageList()
        var model: [Message] = []
        for step in 0..<3_000 {
            let status = Self.statuses.randomElement(using: &generator) ?? .sent
            let choice = Int.random(in: 0..<10, using: &generator)
            if choice < 5 || model.isEmpty {
                let index = Int.random(in: 0...model.count, using: &generator)
                list.insert(message(step, status), at: index)
                model.insert(message(step, status), at: index)
            } else if choice < 8 {
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(list.remove(at: index) == model.remove(at: index))
            } else {
                let index = Int.random(in: 0..<model.count, using: &generator)
                list.replace(at: index, with: message(step, status))
                model[index] = message(step, status)
            }
            #expect(list.failedCount == model.count { $0.status == .failed })
            #expect(list.refusedCount == model.count { $0.status == .refused })
        }
        #expect(Array(list) == model)
        #expect(list == MessageList(model))
    }

    @Test func theDiffOfAConversationAndItsNextSnapshot_isTheDiffOfTheirIds() {
        var generator = SeededGenerator(seed: 9)
        for size in [0, 5, 40, 700] {
            var list = MessageList((0..<size).map { message($0, .sent) })
            var next = size
            for _ in 0..<200 {
                let before = list
                // A few changes, mostly near the end, as a conversation's: a message sent, one
                // confirmed (taken out, put back changed), one deleted, one moved.
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let count = list.count
                    let near = max(0, count - Int.random(in: 0...6, using: &generator))
                    let index =
                        Int.random(in: 0..<4, using: &generator) == 0
                        ? Int.random(in: 0...count, using: &generator) : near
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0:
                        next += 1
                        list.insert(message(next, .sending), at: min(index, count))
                    case 1 where count > 0:
                        list.remove(at: min(index, count - 1))
                    default:
                        guard count > 0 else { continue }
                        var changed = list[min(index, count - 1)]
                        changed.status = .delivered
                        list.replace(at: min(index, count - 1), with: changed)
                    }
                }
                let updated = list.suffix(3).map(\.id) + ["nowhere"]
                let changes = ListDiff.changes(from: before, to: list, updated: updated)
                #expect(
                    changes
                        == ListDiffTests.reference(
                            before.map(\.id), list.map(\.id), updated: Set(updated)))
                #expect(ListChange.apply(changes, to: before.map(\.id)) == list.map(\.id))
            }
        }
    }
}
