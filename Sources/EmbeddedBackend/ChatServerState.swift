import Foundation
import Models

/// The embedded server's conversations: messages, receipts, unread counts, live subscribers.
struct ChatServerState {
    typealias Subscriber = @MainActor @Sendable (ChatEvent) -> Void

    /// conversation → its messages, receipts and unread counts.
    var conversations = TextTable<String, Conversation>()
    /// A sent message's sender and transaction id: the key of ``transactions``, hashed as the two
    /// strings rather than a string made of both.
    struct TransactionKey: TextTableKey {
        let sender: UserID
        let transaction: String

        /// The ``TextHash`` of the sender's id followed by the transaction id.
        var textHash: Int {
            TextHash.finish(
                TextHash.adding(transaction, to: TextHash.adding(sender.rawValue, to: TextHash.start)))
        }
    }

    /// sender and transaction → the message it made, so a resend returns the same message.
    var transactions = TextTable<TransactionKey, Message>()
    /// user → subscription id → handler.
    var subscribers = SubscriberTable()
    var nextSubscriber: UInt64 = 0
    var nextMessage = 0
    /// Blocked pairs, "a|b" with a < b.
    var blocked: Set<String> = []
    /// Deliver every event twice (a flaky network).
    var duplicateEvents = false
    /// Hold this many more events, then deliver them newest first (out of order).
    var holdEvents = 0
    var heldEvents: [(UserID, ChatEvent)] = []

    /// The message a transaction made: the one recorded already (a resend, left as it is), or `nil`
    /// after recording `made` (if any) under `key`. One hash of the key for both.
    mutating func claimTransaction(_ key: TransactionKey, for made: Message?) -> Message? {
        let lookup = transactions.lookup(key)
        if let position = lookup.position { return transactions[at: position] }
        if let made { transactions.add(made, for: key, after: lookup) }
        return nil
    }
}
