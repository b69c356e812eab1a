import Foundation
import Interactors
import Models
import Services

/// The outbox behind ``ChatContext``: messages sent one at a time, in order, and kept until confirmed.
extension ChatContext {
    /// Sends the first message waiting once a save held it, unless one is on its way.
    func flush() {
        guard sendingID == nil, let message = outbox.first, isSaved(message) else { return }
        retryTask?.cancel()
        retryTask = nil
        sendingID = message.id
        authorizer.perform(
            { [chat] token, completion in
                chat.sendMessage(message, accessToken: token, completion: completion)
            },
            completion: { [weak self] result in self?.sent(message, result) })
    }

    /// The server's answer to `message`: confirmed, refused (not sent, for good), or failed for now
    /// (every waiting message shows as not sent until a retry, with ``RetryPolicy``'s delay, or when
    /// the network returns if it is down).
    func sent(_ message: OutgoingMessage, _ result: Result<Message, ServiceError>) {
        sendingID = nil
        switch result {
        case .success(let confirmed):
            retryAttempt = 0
            dequeue(message.id)
            absorb([confirmed], in: message.conversation, countUnread: false)
            publish()
            serverAnswered()
            flush()
        case .failure(.rejected), .failure(.notFound):
            dequeue(message.id)
            setPendingStatus(of: [message], to: .failed)
            publish()
            flush()
        case .failure(let error):
            if reportIfSessionEnded(error) { return }
            setPendingStatus(of: outbox, to: .failed)
            retryAttempt += 1
            retryTask = retries.schedule(attempt: retryAttempt) { [weak self] in
                guard let self else { return }
                for waiting in self.outbox {
                    self.setPendingStatus(of: [waiting], to: .sending)
                }
                self.flush()
            }
        }
    }

    /// Shows `messages` as `status` (failed, or sending again), telling each conversation once which
    /// of its messages changed.
    func setPendingStatus(of messages: [OutgoingMessage], to status: Message.Status) {
        var conversations: [String] = []
        var changed: [String: [String]] = [:]
        for message in messages
        where records[message.conversation]?.log.setPendingStatus(message.id, status) == true {
            if changed[message.conversation] == nil { conversations.append(message.conversation) }
            changed[message.conversation, default: []].append(message.id)
        }
        for conversation in conversations {
            notify(conversation, .messages(added: [], updated: changed[conversation] ?? []))
        }
    }

    /// Takes a message out of the outbox.
    func dequeue(_ id: String) {
        outbox.removeAll { $0.id == id }
        savedIDs.remove(id)
        persistOutbox()
    }

    /// Rewrites the loaded outbox's conversation ids of the earlier form (`m-<a>-<b>`, kept by an earlier
    /// build) as ``Models/Match/currentID(of:for:)`` reads them, and saves the outbox when one changed.
    func migrateOutbox() {
        var changed = false
        for index in outbox.indices {
            let conversation = outbox[index].conversation
            guard let current = Match.currentID(of: conversation, for: viewer), current != conversation else {
                continue
            }
            outbox[index].conversation = current
            changed = true
        }
        if changed { persistOutbox() }
    }

    /// Saves the outbox off the main actor; when the save is done (a failure is reported to the error
    /// observers), the messages it held may be sent, and the first is if the save freed it.
    func persistOutbox() {
        guard let outboxStore else { return }
        let saved = outbox.map(\.id)
        outboxStore.save(outbox) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result { self.store.report(error) }
            let firstWasWaiting = self.outbox.first.map { !self.isSaved($0) } ?? false
            self.savedIDs.formUnion(saved)
            self.savedIDs.formIntersection(self.outbox.map(\.id))
            if firstWasWaiting { self.flush() }
        }
    }

    /// Whether a save held `message` (always, with no store).
    func isSaved(_ message: OutgoingMessage) -> Bool {
        outboxStore == nil || savedIDs.contains(message.id)
    }
}
