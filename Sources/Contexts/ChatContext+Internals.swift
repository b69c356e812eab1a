import Foundation
import Interactors
import Models
import Services

/// The outbox and the bookkeeping behind ``ChatContext``: sending in order, merging, receipts, the list.
extension ChatContext {
    // MARK: Outbox

    func flush() {
        guard sendingID == nil, let message = outbox.first else { return }
        retryTask?.cancel()
        retryTask = nil
        sendingID = message.id
        let chat = chat
        authorizer.perform(
            { token, completion in chat.sendMessage(message, accessToken: token, completion: completion) },
            completion: { [weak self] result in self?.sent(message, result) })
    }

    func sent(_ message: OutgoingMessage, _ result: Result<Message, ServiceError>) {
        sendingID = nil
        switch result {
        case .success(let confirmed):
            retryAttempt = 0
            dequeue(message.id)
            absorb([confirmed], in: message.conversation, countUnread: false)
            publish()
            flush()
        case .failure(.rejected), .failure(.notFound):
            dequeue(message.id)
            if logs[message.conversation]?.setPendingStatus(message.id, .failed) == true {
                notify(message.conversation, .messages(added: [], updated: [message.id]))
            }
            publish()
            flush()
        case .failure(let error):
            if reportIfSessionEnded(error) { return }
            var failed: [String: [String]] = [:]
            for waiting in outbox
            where logs[waiting.conversation]?.setPendingStatus(waiting.id, .failed) == true {
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
                    if self.logs[waiting.conversation]?.setPendingStatus(waiting.id, .sending) == true {
                        self.notify(waiting.conversation, .messages(added: [], updated: [waiting.id]))
                    }
                }
                self.flush()
            }
        }
    }

    func dequeue(_ id: String) {
        outbox.removeAll { $0.id == id }
        persistOutbox()
    }

    func persistOutbox() {
        do {
            try outboxStore?.save(outbox)
        } catch {
            store.report(error)
        }
    }

    // MARK: Internals

    func addPending(_ message: OutgoingMessage, status: Message.Status) {
        let pending = Message(
            id: message.id, conversation: message.conversation, sender: viewer, text: message.text,
            sentAt: message.createdAt, transactionID: message.id, status: status)
        absorb([pending], in: message.conversation, countUnread: false)
    }

    /// Merges messages into a conversation's log, updates its summary, and tells its screen.
    func absorb(_ messages: [Message], in conversation: String, countUnread: Bool = true) {
        let (added, updated) = logs[conversation, default: ConversationLog()].merge(messages)
        guard !added.isEmpty || !updated.isEmpty, var summary = summaries[conversation] else { return }
        if let newest = logs[conversation]?.messages.last,
            summary.lastMessage.map({
                $0.isOrderedBefore(newest) || $0.id == newest.transactionID || $0.id == newest.id
            }) ?? true
        {
            summary.lastMessage = newest
        }
        if countUnread {
            let unseen = messages.filter { $0.sender != viewer && added.contains($0.id) }.count
            if open[conversation] == nil { summary.unreadCount += unseen }
        }
        summaries[conversation] = summary
        notify(conversation, .messages(added: added, updated: updated))
    }

    func raise(_ conversation: String, upTo date: Date, to status: Message.Status) {
        guard let changed = logs[conversation]?.raiseStatus(of: viewer, upTo: date, to: status),
            !changed.isEmpty
        else { return }
        if var summary = summaries[conversation], let last = summary.lastMessage, changed.contains(last.id) {
            summary.lastMessage = logs[conversation]?.messages.last
            summaries[conversation] = summary
        }
        notify(conversation, .messages(added: [], updated: changed))
        publish()
    }

    func markReadIfNeeded(_ conversation: String) {
        guard var summary = summaries[conversation], summary.unreadCount > 0 || open[conversation] != nil
        else { return }
        let hadUnread = summary.unreadCount > 0
        summary.unreadCount = 0
        summaries[conversation] = summary
        if hadUnread { publish() }
        guard summary.lastMessage.map({ $0.sender != viewer }) ?? false else { return }
        let chat = chat
        authorizer.perform(
            { token, completion in
                chat.markRead(conversation: conversation, accessToken: token, completion: completion)
            },
            completion: { _ in })
    }

    func removeConversation(_ conversation: String) {
        var refused: [String] = []
        for message in outbox where message.conversation == conversation {
            if logs[conversation]?.setPendingStatus(message.id, .failed) == true {
                refused.append(message.id)
            }
        }
        outbox.removeAll { $0.conversation == conversation && $0.id != sendingID }
        persistOutbox()
        notify(conversation, .messages(added: [], updated: refused))
        summaries[conversation] = nil
        logs[conversation] = nil
        notify(conversation, .unmatched)
        publish()
    }

    func notify(_ conversation: String, _ change: ConversationChange) {
        for observer in observers[conversation]?.callbacks ?? [] { observer(change) }
    }

    func merged(_ summary: ConversationSummary, over existing: ConversationSummary?)
        -> ConversationSummary
    {
        guard let existing, let local = existing.lastMessage else { return summary }
        var merged = summary
        if let remote = summary.lastMessage, !local.isOrderedBefore(remote) { merged.lastMessage = local }
        if summary.lastMessage == nil { merged.lastMessage = local }
        return merged
    }

    @discardableResult
    func reportIfSessionEnded(_ error: ServiceError) -> Bool {
        guard case .sessionEnded(let reason) = RequestFailureMapper.map(error) else { return false }
        store.report(SessionError.ended(reason))
        return true
    }

    static func failure(for error: ServiceError) -> RequestFailure {
        if case .failure(let failure) = RequestFailureMapper.map(error) { return failure }
        return .server("Could not load messages")
    }

    /// Publishes the list: new matches newest first, then conversations by last activity, with the
    /// changes from the previous snapshot.
    func publish() {
        // Sort light keys (time, id, position) rather than whole summaries: moving a summary copies a
        // dozen references, moving a key copies one.
        let all = Array(summaries.values)
        var matchKeys: [(date: Date, id: String, index: Int)] = []
        var conversationKeys: [(date: Date, id: String, index: Int)] = []
        for (index, summary) in all.enumerated() {
            if let last = summary.lastMessage {
                conversationKeys.append((last.sentAt, summary.match.id, index))
            } else {
                matchKeys.append((summary.match.matchedAt, summary.match.id, index))
            }
        }
        let newestFirst = {
            (a: (date: Date, id: String, index: Int), b: (date: Date, id: String, index: Int)) in
            a.date != b.date ? a.date > b.date : a.id < b.id
        }
        matchKeys.sort(by: newestFirst)
        conversationKeys.sort(by: newestFirst)
        let newMatches = matchKeys.map { all[$0.index].match }
        let conversations = conversationKeys.map { all[$0.index] }
        store.update { state in
            let oldIDs = state.rowIDs
            var previous: [String: ConversationSummary] = [:]
            previous.reserveCapacity(state.conversations.count)
            for summary in state.conversations { previous[summary.match.id] = summary }
            state.newMatches = newMatches
            state.conversations = conversations
            state.outboxCount = outbox.count
            var updated = Set<String>()
            for summary in conversations {
                if let old = previous[summary.match.id], old != summary { updated.insert(summary.match.id) }
            }
            // A new match's first message turns its row into a conversation: the row's content changed.
            let wereNew = Set(oldIDs).subtracting(previous.keys)
            for summary in conversations where wereNew.contains(summary.match.id) {
                updated.insert(summary.match.id)
            }
            state.changes = ListDiff.changes(from: oldIDs, to: state.rowIDs, updated: updated)
            if !state.changes.isEmpty { state.revision += 1 }
        }
    }
}
