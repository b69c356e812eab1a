import EmbeddedBackend
import Foundation
import Interactors
import Models
import Testing

/// A ``ConversationLog`` that grows and shrinks again (pending messages confirmed as messages it has
/// already) answers as the reference merge does and knows every id it holds.
@Suite struct ConversationLogGrowthTests {
    @Test func logsGrowingAndShrinkingBack_answerAsTheReference_andKnowTheirIds() {
        var generator = SeededGenerator(seed: 47)
        let t0 = Date(timeIntervalSince1970: 1_000)
        // How many logs grew past 16 messages, and how many of those shrank back to 16 or fewer.
        var grew = 0
        var cameBack = 0
        for _ in 0..<60 {
            var wasLong = false
            var log = ConversationLog()
            var reference = ReferenceLog()
            var pending: [String] = []
            var next = 0
            for step in 0..<50 {
                next += 1
                let at = t0 + Double(Int.random(in: 0..<4, using: &generator))
                var message: Message?
                // Growing first, then shrinking: pending messages confirmed as messages the log
                // has already (the pending copy goes, nothing comes).
                let shrinking = step >= 30
                switch shrinking ? 5 : Int.random(in: 0..<5, using: &generator) {
                case 0, 1:
                    let id = "id-\(next)"
                    pending.append(id)
                    message = Message(
                        id: id, conversation: "m", sender: "alice", text: "t", sentAt: at, transactionID: id,
                        status: .sending)
                case 2 where !pending.isEmpty:
                    let transaction = pending.remove(at: Int.random(in: pending.indices, using: &generator))
                    message = Message(
                        id: "msg-\(next)", conversation: "m", sender: "alice", text: "t", sentAt: at,
                        transactionID: transaction, status: .sent)
                case 3:
                    message = Message(
                        id: "msg-\(next)", conversation: "m", sender: "bob", text: "t", sentAt: at)
                case 5:
                    if !pending.isEmpty,
                        let existing = reference.messages.filter({ !$0.isPending }).randomElement(
                            using: &generator)
                    {
                        let transaction = pending.remove(
                            at: Int.random(in: pending.indices, using: &generator))
                        var again = existing
                        again.transactionID = transaction
                        message = again
                    }
                default:
                    // A pending message fails or is sent again: out of its place and in again.
                    if let id = pending.randomElement(using: &generator) {
                        let status: Message.Status = Bool.random(using: &generator) ? .failed : .sending
                        let changed = log.setPendingStatus(id, status)
                        #expect(changed == reference.setPendingStatus(id, status))
                    }
                }
                if let message {
                    let answer = log.merge(message)
                    let expected = reference.merge([message])
                    #expect(answer.added == expected.added && answer.updated == expected.updated)
                }
                #expect(Array(log.messages) == reference.messages)
                for number in 0...next + 1 {
                    for id in ["id-\(number)", "msg-\(number)"] {
                        #expect(log.contains(id) == reference.messages.contains { $0.id == id })
                    }
                }
                // A log built afresh from the same messages is equal.
                var rebuilt = ConversationLog()
                rebuilt.merge(Array(log.messages))
                #expect(rebuilt == log)
                if log.messages.count > 16 { wasLong = true }
            }
            if wasLong { grew += 1 }
            if wasLong, log.messages.count <= 16 { cameBack += 1 }
        }
        #expect(grew > 0 && cameBack > 0, "grew \(grew), came back \(cameBack)")
    }
}

extension ReferenceLog {
    /// The reference's `setPendingStatus`: the message taken out and inserted again where it sorts.
    mutating func setPendingStatus(_ id: String, _ status: Message.Status) -> Bool {
        guard let index = messages.firstIndex(where: { $0.id == id }), messages[index].status != status
        else { return false }
        var message = messages.remove(at: index)
        message.status = status
        insert(message)
        return true
    }
}
