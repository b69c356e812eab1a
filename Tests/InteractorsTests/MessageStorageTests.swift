import Foundation
import Models
import Testing

/// ``Message`` keeps its texts in a shared box: copies, edits, equality, hashing and coding behave as
/// those of a plain struct with the same properties (the reference below, with synthesized
/// conformances).
@Suite struct MessageStorageTests {
    /// The message as a plain struct: what the boxed one must behave like.
    struct Reference: Hashable, Codable {
        var id: String
        var conversation: String
        var sender: UserID
        var text: String
        var sentAt: Date
        var transactionID: String?
        var status: Message.Status
    }

    let t0 = Date(timeIntervalSince1970: 1_000)

    func reference(_ message: Message) -> Reference {
        Reference(
            id: message.id, conversation: message.conversation, sender: message.sender, text: message.text,
            sentAt: message.sentAt, transactionID: message.transactionID, status: message.status)
    }

    var samples: [Message] {
        [
            Message(id: "a", conversation: "m", sender: "bob", text: "hi", sentAt: t0),
            Message(
                id: "msg-000000001", conversation: "m-alice-bob", sender: "alice",
                text: "A longer text than fits",
                sentAt: t0 + 1, transactionID: "tx-1", status: .read),
            Message(id: "tx-2", conversation: "m", sender: "alice", text: "", sentAt: t0, status: .sending),
        ]
    }

    @Test func encodesLikeTheSynthesizedStruct_andDecodesBack() throws {
        // Sorted keys: the order of unsorted keys is the encoder's own, not the properties'.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for message in samples {
            let data = try encoder.encode(message)
            #expect(data == (try encoder.encode(reference(message))))
            let decoded = try JSONDecoder().decode(Message.self, from: data)
            #expect(decoded == message)
            #expect(reference(decoded) == reference(message))
        }
    }

    @Test func sharedTexts_meanEqualTexts_andAnEditOfATextEndsTheSharing() {
        for base in samples {
            var copy = base
            #expect(copy.sharesTexts(with: base))
            copy.status = .failed
            copy.sentAt = t0 + 5
            #expect(copy.sharesTexts(with: base), "status and date are not texts")
            copy.text += "!"
            #expect(!copy.sharesTexts(with: base))
            #expect(base.text != copy.text)
            let rebuilt = Message(
                id: base.id, conversation: base.conversation, sender: base.sender, text: base.text,
                sentAt: base.sentAt, transactionID: base.transactionID, status: base.status)
            #expect(rebuilt == base)
            #expect(!rebuilt.sharesTexts(with: base), "equal texts in another storage are not shared")
        }
    }

    @Test func equalityAndHashing_agreeWithTheReference_forEveryPairOfEdits() {
        let edits: [(inout Message) -> Void] = [
            { _ in }, { $0.id = "b" }, { $0.conversation = "n" }, { $0.sender = "al" }, { $0.text = "x" },
            { $0.sentAt = self.t0 + 1 }, { $0.transactionID = "t" }, { $0.transactionID = nil },
            { $0.status = .read },
        ]
        for base in samples {
            for first in edits {
                for second in edits {
                    var left = base
                    first(&left)
                    var right = base
                    second(&right)
                    #expect((left == right) == (reference(left) == reference(right)))
                    if left == right { #expect(left.hashValue == right.hashValue) }
                }
            }
        }
    }

    @Test func editingACopy_leavesTheOriginalAsItWas() {
        let original = samples[1]
        var copy = original
        copy.text = "changed"
        copy.status = .failed
        copy.transactionID = nil
        #expect(original.text == "A longer text than fits")
        #expect(original.status == .read)
        #expect(original.transactionID == "tx-1")
        #expect(copy.text == "changed" && copy.status == .failed && copy.transactionID == nil)
        #expect(copy.id == original.id && copy.sender == original.sender)
    }

    @Test func describesItsContent_notItsBox() {
        for message in samples {
            let description = String(describing: message)
            #expect(description.contains("\"\(message.id)\""))
            #expect(description.contains("\"\(message.text)\""))
            #expect(!description.contains("Box"))
        }
    }
}
