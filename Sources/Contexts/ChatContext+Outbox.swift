import Foundation
import Interactors
import Models
import Services

/// The outbox behind ``ChatContext``: messages sent one at a time, in order, and kept until confirmed.
extension ChatContext {
    /// Sends the first message waiting, unless one is on its way; `known` is the record of the
    /// conversation the caller just queued a message in, if any (its answer then finds the record
    /// without hashing the conversation's id).
    func flush(known: ConversationRecord? = nil) {
        guard sendingID == nil, let message = outbox.first else { return }
        retryTask?.cancel()
        retryTask = nil
        sendingID = message.id
        let record = known?.id == message.conversation ? known : nil
        let delivery: Delivery
        if let reusable = Delivery.reused(&lastDelivery, for: message, record: record) {
            delivery = reusable
        } else {
            delivery = Delivery(
                message, record: record, backend: backend, chat: weakSelf, authorizer: authorizer.weakSelf)
            lastDelivery = delivery
        }
        authorizer.perform(delivery)
    }

    /// The server's answer to the message `delivery` sent; its record is the conversation's, if known
    /// (the chat never drops a record, so it is still the conversation's).
    ///
    /// The message is read where the delivery holds it: handed over as a value, it was copied out of
    /// the delivery for the call (a reference counted for each of its texts) and destroyed after. The
    /// delivery is not sent again while this runs: its answer, which holds it, is on the stack.
    func sent(_ delivery: Delivery, _ result: Result<Message, ServiceError>) {
        sendingID = nil
        switch result {
        case .success(let confirmed):
            retryAttempt = 0
            dequeue(delivery.message.id)
            absorb(
                confirmed, into: delivery.record ?? self.record(of: delivery.message.conversation),
                countUnread: false)
            publish()
            flush()
        case .failure(.rejected), .failure(.notFound):
            let message = delivery.message
            dequeue(message.id)
            if records[message.conversation]?.log.setPendingStatus(message.id, .failed) == true {
                notify(message.conversation, .messages(added: [], updated: [message.id]))
            }
            publish()
            flush()
        case .failure(let error):
            if reportIfSessionEnded(error) { return }
            var failed: [String: [String]] = [:]
            for waiting in outbox
            where records[waiting.conversation]?.log.setPendingStatus(waiting.id, .failed) == true {
                failed[waiting.conversation, default: []].append(waiting.id)
            }
            for (conversation, changed) in failed {
                notify(conversation, .messages(added: [], updated: changed))
            }
            retryAttempt += 1
            retryTask = scheduler.schedule(after: RetryPolicy.delay(forAttempt: retryAttempt)) {
                [weak self] in
                guard let self else { return }
                for waiting in self.outbox {
                    if self.records[waiting.conversation]?.log.setPendingStatus(waiting.id, .sending) == true
                    {
                        self.notify(waiting.conversation, .messages(added: [], updated: [waiting.id]))
                    }
                }
                self.flush()
            }
        }
    }

    func dequeue(_ id: String) {
        if outbox.count == 1, outbox[0].id == id {
            // The usual case: the one message waiting went out. The store keeps the array last saved,
            // sharing its storage: emptied in place, the outbox would be copied first. Saved empty
            // instead, the store lets the storage go; emptied then, alone, it is kept for the next
            // message to be appended to without allocating.
            var emptied = outbox
            outbox = []
            persistOutbox()
            // Saving can call out (a failed save is reported to the error observers, which may send):
            // the kept storage comes back only to an outbox still empty, never over a message queued
            // meanwhile.
            if outbox.isEmpty {
                emptied.removeLast()
                outbox = emptied
            }
            return
        }
        // A loop rather than `removeAll(where:)`: its closure checks the actor at run time.
        var index = 0
        while index < outbox.count {
            if outbox[index].id == id { outbox.removeUnsharing(at: index) } else { index += 1 }
        }
        persistOutbox()
    }

    func persistOutbox() {
        do {
            try backend.save(outbox)
        } catch {
            store.report(error)
        }
    }

    /// The chat service and the outbox's store behind a reference.
    ///
    /// A request's closure captures it with one retain: capturing the service itself copied the
    /// existential into the closure (and again to call it) and destroyed it afterwards; the store is
    /// never optional (a store that keeps nothing stands in), as unwrapping an optional existential
    /// copied it on every save.
    final class Backend: Sendable {
        let chat: any ChatService
        /// Where the outbox is saved: the injected store, or one that keeps nothing.
        let outboxStore: any OutboxStore

        init(chat: any ChatService, outboxStore: (any OutboxStore)?) {
            self.chat = chat
            self.outboxStore = outboxStore ?? NoOutboxStore()
        }

        // The calls made most (each message sent, each typing notice, each save of the outbox) go
        // through the backend's own methods: the service or store is called where it is stored, not
        // copied out of it first.

        /// Sends a message through the chat service.
        @MainActor
        func sendMessage(
            _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>
        ) {
            chat.sendMessage(message, accessToken: accessToken, completion: completion)
        }

        /// Saves the outbox in its store.
        func save(_ outbox: [OutgoingMessage]) throws(StoreError) {
            try outboxStore.save(outbox)
        }

        /// Sends a typing notice through the chat service.
        @MainActor
        func setTyping(
            conversation: String, isTyping: Bool, accessToken: String,
            completion: @escaping ServiceCompletion<Void>
        ) {
            chat.setTyping(
                conversation: conversation, isTyping: isTyping, accessToken: accessToken,
                completion: completion)
        }
    }

    /// An outbox store for a chat without one: nothing to load, nothing kept.
    private struct NoOutboxStore: OutboxStore {
        func load() throws(StoreError) -> [OutgoingMessage] { [] }
        func save(_ messages: [OutgoingMessage]) throws(StoreError) {}
    }
}
