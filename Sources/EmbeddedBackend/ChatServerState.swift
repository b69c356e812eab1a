import Foundation
import Models

/// The embedded server's conversations: messages, receipts, unread counts, live subscribers.
struct ChatServerState {
    typealias Subscriber = @MainActor @Sendable (ChatEvent) -> Void
    /// A user's live-feed handlers: subscription id → handler.
    typealias Handlers = [UInt64: Subscriber]

    /// A sent message's sender and transaction id: the key of ``transactions``.
    struct TransactionKey: Hashable, Codable {
        /// Who sent the message.
        let sender: UserID
        /// The client's id for the message, the same on every resend.
        let transaction: String
    }

    /// conversation → its messages, receipts and unread counts.
    var conversations: [String: Conversation] = [:]
    /// sender and transaction → the message it made, so a resend returns the same message.
    var transactions: [TransactionKey: Message] = [:]
    /// user → subscription id → handler.
    var subscribers: [UserID: Handlers] = [:]
    var nextSubscriber: UInt64 = 0
    /// subscription id → the events it did not get while the network was down, oldest first; sent
    /// when the network returns (typing collapsed), dropped when the subscription is cancelled.
    var backlogs: [UInt64: [ChatEvent]] = [:]
    /// user → the events a subscription of theirs, cancelled while the network was down, never got:
    /// their device's position in the feed. Their next subscription starts from it, unless a
    /// conversations list (which holds all of it) was fetched first.
    var undelivered: [UserID: [ChatEvent]] = [:]
    var nextMessage = 0
    /// Blocked pairs, "a|b" with a < b.
    var blocked: Set<String> = []
    /// Deliver every event twice (a flaky network).
    var duplicateEvents = false
    /// Hold this many more events, then deliver them newest first (out of order).
    var holdEvents = 0
    var heldEvents: [(UserID, ChatEvent)] = []

    /// The message a transaction made: the one recorded already (a resend, left as it is), or `nil`
    /// after recording `made` (if any) under `key`.
    mutating func claimTransaction(_ key: TransactionKey, for made: Message?) -> Message? {
        if let existing = transactions[key] { return existing }
        if let made { transactions[key] = made }
        return nil
    }
}
