import Foundation
import Interactors
import Models
import Services

extension OutgoingMessage: QueueItem {
    /// A conversation keeps its messages in order.
    var lane: String { conversation }
}

/// The outbox behind ``ChatContext``: a ``SendQueue`` of messages, in order per conversation, each
/// waiting for the swipe that made its match, kept until confirmed or deleted.
extension ChatContext {
    /// Makes the outbox: retried with `retries`, and waiting for the swipes in `pendingSwipes`.
    static func makeOutbox(retries: RetryTimer, pendingSwipes: PendingSwipes?) -> SendQueue<OutgoingMessage> {
        let queue = SendQueue<OutgoingMessage>(retries: retries)
        if let pendingSwipes { queue.dependency = { pendingSwipes.dependency(of: $0) } }
        return queue
    }

    /// Wires the outbox to this context: saves go to the store, state changes to the messages shown.
    func connectOutbox() {
        outbox.save = { [weak self] entries, done in
            guard let self else { return }
            guard let outboxStore else { return done(.success(())) }
            outboxStore.save(Self.messages(in: entries), completion: done)
        }
        outbox.onSaveFailed = { [weak self] error in self?.store.report(error) }
        outbox.onChange = { [weak self] message, state in self?.show(message, state) }
        outbox.onReady = { [weak self] in self?.flush() }
        if let pendingSwipes {
            tasks.keep(pendingSwipes.observe { [weak self] in self?.swipesChanged() }, as: "pendingSwipes")
        }
    }

    /// The deck's queue changed: the matches its pending swipes made have their conversations (before
    /// the server has the swipes), those the server did not make go, and the messages waiting for a
    /// swipe that landed go.
    func swipesChanged() {
        guard let pendingSwipes else { return }
        // A match the client saw a swipe make and the server did not: no phantom conversation.
        for conversation in pendingSwipes.takeUnmadeMatches() where has(conversation) {
            removeConversation(conversation)
        }
        var added = false
        for match in pendingSwipes.matches where !has(match.id) {
            setSummary(ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id)
            added = true
        }
        if added { publish() }
        flush()
    }

    /// The outbox's messages as they are saved: those refused for good with their reason.
    static func messages(in entries: [SendQueue<OutgoingMessage>.Entry]) -> [OutgoingMessage] {
        entries.map { entry in
            var message = entry.item
            if case .failed(let reason, false) = entry.state { message.refusal = reason }
            return message
        }
    }

    /// Sends every message whose turn has come (one per conversation at a time).
    func flush() {
        for message in outbox.take() {
            authorizer.perform(
                { [chat] token, completion in
                    chat.sendMessage(message, accessToken: token, completion: completion)
                },
                completion: tasks.answer { [weak self] result in self?.sent(message, result) })
        }
        publishOutboxCount()
    }

    /// The server's answer to `message`: confirmed; refused for good (shown with its reason, never
    /// retried); or failed for now (retried with ``RetryPolicy``'s delay, or when the network returns,
    /// up to ``Interactors/SendQueuePolicy/maximumAttempts``, then shown failed for Retry / Delete).
    func sent(_ message: OutgoingMessage, _ result: Result<Message, ServiceError>) {
        switch result {
        case .success(let confirmed):
            outbox.succeeded(message.id)
            absorb([confirmed], in: message.conversation, countUnread: false)
            publish()
            serverAnswered()
        case .failure(let error):
            if reportIfSessionEnded(error) { return }
            // Not in the outbox any more when its conversation ended while it was on its way.
            outbox.failed(message.id, with: error)
            publish()
        }
        flush()
    }

    /// Shows a message of the outbox as its state says.
    func show(_ message: OutgoingMessage, _ state: SendState) {
        let status: Message.Status
        var reason: String?
        switch state {
        case .waiting, .sending: status = .sending
        case .sent: status = .sent
        case .failed(let why, let retryable):
            status = retryable ? .failed : .refused
            reason = why
        }
        guard records[message.conversation]?.log.setPendingStatus(message.id, status, reason: reason) == true
        else { return }
        notify(message.conversation, .messages(added: [], updated: [message.id]))
    }

    /// Publishes the number of messages waiting to be sent, when it changed.
    func publishOutboxCount() {
        if store.snapshot.outboxCount != waitingCount { publish() }
    }

    /// The messages of the outbox that will still be sent (not refused for good).
    var waitingCount: Int {
        outbox.entries.count { entry in
            if case .failed(_, false) = entry.state { return false }
            return true
        }
    }

    /// Rewrites the loaded outbox's conversation ids of the earlier form (`m-<a>-<b>`, kept by an earlier
    /// build) as ``Models/Match/currentID(of:for:)`` reads them.
    func migrated(_ messages: [OutgoingMessage]) -> (messages: [OutgoingMessage], changed: Bool) {
        var messages = messages
        var changed = false
        for index in messages.indices {
            let conversation = messages[index].conversation
            guard let current = Match.currentID(of: conversation, for: viewer), current != conversation else {
                continue
            }
            messages[index].conversation = current
            changed = true
        }
        return (messages, changed)
    }
}
