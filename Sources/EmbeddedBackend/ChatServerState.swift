import Foundation
import Models

/// The embedded server's conversations: messages, receipts, unread counts, live subscribers.
struct ChatServerState {
    typealias Subscriber = @MainActor @Sendable (ChatEvent) -> Void

    /// conversation → messages, oldest first (the server's order: time, then id).
    var messages: [String: [Message]] = [:]
    /// "sender|transaction" → the message it made, so a resend returns the same message.
    var transactions: [String: Message] = [:]
    /// conversation → reader → read up to.
    var readUpTo: [String: [UserID: Date]] = [:]
    /// conversation → recipient → delivered up to.
    var deliveredUpTo: [String: [UserID: Date]] = [:]
    /// conversation → user → unread count, kept up to date as messages come and go.
    var unread: [String: [UserID: Int]] = [:]
    /// user → subscription id → handler.
    var subscribers: [UserID: [UInt64: Subscriber]] = [:]
    var nextSubscriber: UInt64 = 0
    var nextMessage = 0
    /// Blocked pairs, "a|b" with a < b.
    var blocked: Set<String> = []
    /// Deliver every event twice (a flaky network).
    var duplicateEvents = false
    /// Hold this many more events, then deliver them newest first (out of order).
    var holdEvents = 0
    var heldEvents: [(UserID, ChatEvent)] = []
}
