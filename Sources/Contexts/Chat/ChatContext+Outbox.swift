import Foundation
import Interactors
import Models
import Services

/// The outbox behind ``ChatContext``: a ``DurableQueue`` of messages (``Models/ChatListState/outbox``),
/// in order per conversation, each waiting for the swipe that made its match, kept until confirmed or
/// deleted.
extension ChatContext {
    /// Wires the outbox to this context: it waits for the swipes in `pendingSwipes`, writes a refusal
    /// into its message, shows each message as its state says, and sends through the chat service.
    func connectOutbox() {
        outbox.send = { [weak self] message, completion in self?.send(message, completion: completion) }
        outbox.stored = { entry in
            var message = entry.item
            if case .failed(let reason, false) = entry.state { message.refusal = reason }
            return message
        }
        outbox.stateChanged = { [weak self] message, state in self?.show(message, state) }
        outbox.answered = { [weak self] message, result, _ in self?.sent(message, result) }
        if let pendingSwipes {
            outbox.dependency = { pendingSwipes.dependency(of: $0) }
            tasks.keep(
                pendingSwipes.store.observe { [weak self] _ in self?.swipesChanged() }, as: "pendingSwipes")
        }
    }

    /// The deck's queue changed: the matches its pending swipes made have their conversations (before
    /// the server has the swipes), those the server did not make go, and the messages waiting for a
    /// swipe that landed go (and the unmatches waiting for one).
    func swipesChanged() {
        guard store.snapshot.isStarted, let pendingSwipes else { return }
        // Most swipes change nothing here: no match made or undone, no message waiting for a swipe.
        let swipes = pendingSwipes.store.snapshot
        let matches = swipes.pending.values.contains { like in
            like.match.map { !has($0.id) && !isEndedByTheUser($0.id) } ?? false
        }
        let waiting =
            outbox.queue.entries.contains { $0.item.dependsOn != nil }
            || actions.queue.entries.contains { $0.item.dependsOn != nil }
        guard !swipes.unmade.isEmpty || matches || waiting else { return }
        store.batch {
            // A match the client saw a swipe make and the server did not: no phantom conversation.
            for conversation in pendingSwipes.takeUnmadeMatches() where has(conversation) {
                removeConversation(conversation)
            }
            // A match the user ended while its like waits stays ended.
            let matches = pendingSwipes.matches.filter { !has($0.id) && !isEndedByTheUser($0.id) }
            if !matches.isEmpty {
                store.update { state in
                    for match in matches {
                        state.setSummary(
                            ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id
                        )
                    }
                }
            }
            flush()
        }
    }

    /// Call when the user taps retry: the conversation's messages that failed and may succeed are
    /// sent again now (those refused for good are not).
    public func retryFailed(in conversation: String) {
        outbox.retry(outbox.queue.items.filter { $0.conversation == conversation }.map(\.id))
    }

    /// Call when the user deletes the conversation's messages not sent (failed or refused): they
    /// leave the outbox and the conversation, and the messages that waited behind them go now.
    public func deleteFailed(in conversation: String) {
        let deleted = outbox.queue.entries.filter { entry in
            guard case .failed = entry.state else { return false }
            return entry.item.conversation == conversation
        }.map(\.item.id)
        guard !deleted.isEmpty else { return }
        let viewer = viewer
        store.batch {
            for id in deleted { outbox.remove(id) }
            let leftNothing = !outbox.queue.entries.contains { $0.item.conversation == conversation }
            store.update { state in
                state.changeMessages(of: conversation, by: viewer) { log in
                    for id in deleted { _ = log.remove(id) }
                    return []
                }
                Self.previewLastMessage(of: conversation, in: &state)
                // An ended conversation kept its row for these messages only.
                if leftNothing, state.records[conversation]?.hasEnded == true {
                    state.setSummary(nil, for: conversation)
                }
            }
            flush()
        }
    }

    /// Sends every message, read, unmatch and block whose turn has come (one per conversation at a time
    /// in each queue).
    func flush() {
        outbox.flush()
        actions.flush()
    }

    /// Sends `message` through the chat service.
    func send(
        _ message: OutgoingMessage,
        completion: @escaping @MainActor @Sendable (Result<Message, ServiceError>) -> Void
    ) {
        authorizer.perform(
            { [chat] token, completion in
                chat.sendMessage(message, accessToken: token, completion: completion)
            },
            completion: tasks.answer(completion))
    }

    /// The server's answer to `message`, once the outbox took it: confirmed; refused for good (shown
    /// with its reason, never retried); or failed for now (retried with ``RetryPolicy``'s delay, or
    /// when the network returns, up to ``Interactors/SendQueuePolicy/maximumAttempts``, then shown
    /// failed for Retry / Delete).
    func sent(_ message: OutgoingMessage, _ result: Result<Message, ServiceError>) {
        switch result {
        case .success(let confirmed):
            let viewer = viewer
            store.update {
                Self.absorb([confirmed], in: message.conversation, countUnread: false, by: viewer, to: &$0)
            }
            serverAnswered()
        case .failure(let error):
            reportIfSessionEnded(error)
        }
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
        guard record(of: message.conversation)?.log.contains(message.id) == true else { return }
        let viewer = viewer
        store.update { state in
            state.changeMessages(of: message.conversation, by: viewer) { log in
                log.setPendingStatus(message.id, status, reason: reason) ? [message.id] : []
            }
        }
    }
}
