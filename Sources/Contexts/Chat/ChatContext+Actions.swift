import Foundation
import Interactors
import Models
import Services

/// The reads, unmatches and blocks behind ``ChatContext``: a ``DurableQueue`` of ``Models/ChatAction``
/// (``ChatState/actions``), in order per conversation, kept until the server has each. The app shows
/// each done at once: a read clears the badge, an unmatch removes the conversation; the queue makes it
/// true on the server, however long the network or the server takes.
extension ChatContext {
    /// Wires the queue to this context: it sends through the chat service.
    func connectActions() {
        actions.send = { [weak self] action, completion in self?.send(action, completion: completion) }
        actions.answered = { [weak self] action, result, _ in self?.acted(action, result) }
        if let pendingSwipes {
            actions.dependency = { pendingSwipes.dependency(of: $0) }
        }
        // Refused for good (by the server: the conversation is gone there; or with the like it waited
        // for: there was no match to end): nothing is left to do, so it leaves the queue.
        actions.stateChanged = { [weak self] action, state in
            if case .failed(_, false) = state { self?.actions.remove(action.id) }
        }
    }

    /// Queues a read of `conversation` up to the message sent at `upTo`; a read of it still waiting
    /// (not on its way yet) is superseded, so a conversation has at most one read waiting.
    func queueRead(of conversation: String, upTo: Date) {
        let superseded = actions.queue.entries.filter { entry in
            entry.item.conversation == conversation && entry.item.kind == .read && entry.state == .waiting
        }
        for entry in superseded { actions.remove(entry.item.id) }
        queue(ChatAction.read(conversation, upTo: upTo))
        actions.flush()
    }

    /// Adds `action` to the queue, unless the same action (its id says what it is) is there already.
    func queue(_ action: ChatAction) {
        guard actions.queue.entry(action.id) == nil else { return }
        actions.enqueue(action)
    }

    /// Whether the user ended `conversation` (unmatched or blocked) and the server may not know yet.
    func isEndedByTheUser(_ conversation: String) -> Bool {
        store.snapshot.actions.items.contains { $0.conversation == conversation && $0.endsConversation }
    }

    /// When the newest read of `conversation` waiting for the server was made up to, if one waits.
    func pendingRead(of conversation: String) -> Date? {
        store.snapshot.actions.items.filter { $0.conversation == conversation && $0.kind == .read }
            .compactMap(\.readUpTo).max()
    }

    /// Sends `action` through the chat service.
    func send(
        _ action: ChatAction, completion: @escaping @MainActor @Sendable (Result<Void, ServiceError>) -> Void
    ) {
        authorizer.perform(
            { [chat] token, completion in
                switch action.kind {
                case .read:
                    chat.markRead(
                        conversation: action.conversation, accessToken: token, completion: completion)
                case .unmatch, .block:
                    chat.unmatch(
                        conversation: action.conversation, block: action.kind == .block, accessToken: token,
                        completion: completion)
                }
            },
            completion: tasks.answer(completion))
    }

    /// The server's answer to `action`, once the queue took it: confirmed, it left the queue; failed
    /// for now, the queue retries it; refused for good, it left the queue (``connectActions()``); a
    /// session that ended is reported.
    func acted(_ action: ChatAction, _ result: Result<Void, ServiceError>) {
        guard case .failure(let error) = result else { return }
        reportIfSessionEnded(error)
    }

    /// The server answered: the actions the queue gave up on (after its attempts) are tried again.
    func retryGivenUpActions() {
        let givenUp = actions.queue.entries.filter(\.isGivenUp).map(\.item.id)
        if !givenUp.isEmpty { actions.retry(givenUp) }
    }
}
