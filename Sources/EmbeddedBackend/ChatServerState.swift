import Foundation
import Models

/// The embedded server's conversations: messages, receipts, unread counts, live subscribers.
struct ChatServerState {
    typealias Subscriber = @MainActor @Sendable (ChatEvent) -> Void

    /// conversation → its messages, receipts and unread counts.
    var conversations: [String: Conversation] = [:]
    /// A sent message's sender and transaction id: the key of ``transactions``, hashed as the two
    /// strings rather than a string made of both.
    struct TransactionKey: Hashable {
        let sender: UserID
        let transaction: String
    }

    /// sender and transaction → the message it made, so a resend returns the same message.
    var transactions: [TransactionKey: Message] = [:]
    /// How many sent messages ``transactions`` has room for when the first is recorded, so it does not
    /// hash every earlier key again at each doubling.
    static let transactionsInitialCapacity = 64
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
        // Made with room rather than reserved: `reserveCapacity` on the table ran unspecialized.
        if transactions.isEmpty {
            transactions = Dictionary(minimumCapacity: Self.transactionsInitialCapacity)
        }
        return Self.claim(&transactions[key], for: made)
    }

    private static func claim(_ slot: inout Message?, for made: Message?) -> Message? {
        if let existing = slot { return existing }
        if let made { slot = made }
        return nil
    }
}
