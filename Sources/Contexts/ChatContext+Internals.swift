import Foundation
import Interactors
import Models
import Services

/// The bookkeeping behind ``ChatContext``: merging messages, records, receipts and summaries.
extension ChatContext {
    func addPending(_ message: OutgoingMessage, status: Message.Status) {
        addPending(message, status: status, into: record(of: message.conversation))
    }

    /// ``addPending(_:status:)`` into the message's conversation's record, found beforehand.
    func addPending(_ message: OutgoingMessage, status: Message.Status, into record: ConversationRecord) {
        let pending = Message(
            id: message.id, conversation: message.conversation, sender: viewer, text: message.text,
            sentAt: message.createdAt, transactionID: message.id, status: status)
        absorb(pending, into: record, countUnread: false)
    }

    /// Merges messages into a conversation's log, updates its summary, and tells its screen.
    ///
    /// The conversation's record is found once and changed where it is stored (no copy of the log or
    /// the summary); a conversation that is not one of the user's keeps the messages but has no
    /// summary to change, and its screen is not told.
    func absorb(_ messages: [Message], in conversation: String, countUnread: Bool = true) {
        absorb(messages, into: record(of: conversation), countUnread: countUnread)
    }

    /// ``absorb(_:in:countUnread:)`` into a record found beforehand.
    func absorb(_ messages: [Message], into record: ConversationRecord, countUnread: Bool = true) {
        let (added, updated) = record.log.merge(messages)
        guard !added.isEmpty || !updated.isEmpty, record.hasSummary else { return }
        var unseen = 0
        if countUnread, record.openCount == 0 {
            for message in messages where message.sender != viewer && added.contains(message.id) {
                unseen += 1
            }
        }
        record.take(record.log.messages.last, unseen: unseen)
        mark(record)
        notify(record, .messages(added: added, updated: updated))
    }

    /// ``absorb(_:into:countUnread:)`` of one message (one sent, confirmed or received): no array
    /// holds it, whether it is unread needs no loop, the array of its id added is built only for
    /// observers that read it (not for its screens), and the updated ids (a confirmation's one) go
    /// into the storage kept in ``updatedIDs``.
    func absorb(_ message: Message, into record: ConversationRecord, countUnread: Bool = true) {
        // Taken out while in use, so that a merge or an observer that comes back here finds none.
        var updated = updatedIDs
        updatedIDs = []
        defer { updatedIDs = updated }
        // An open conversation's screen shows the log's messages: they are copied into storage kept
        // for it rather than into a new array.
        let isAdded =
            record.openCount > 0
            ? record.log.mergeOne(message, updated: &updated, spare: &spareMessages)
            : record.log.mergeOne(message, updated: &updated)
        guard isAdded || !updated.isEmpty, record.hasSummary else { return }
        let unseen = countUnread && record.openCount == 0 && message.sender != viewer && isAdded ? 1 : 0
        record.take(record.log.messages.last, unseen: unseen)
        mark(record)
        notify(record.screens?.callbacks, .messages(added: [], updated: updated))
        if let observers = record.observers?.callbacks {
            notify(observers, .messages(added: isAdded ? [message.id] : [], updated: updated))
        }
    }

    /// A conversation's record, made when it has none yet.
    func record(of conversation: String) -> ConversationRecord {
        if let record = records[conversation] { return record }
        let record = ConversationRecord(id: conversation)
        records[conversation] = record
        return record
    }

    /// Raises the status of the user's messages in a conversation sent up to `date` (a receipt); the
    /// conversation's record is found once.
    func raise(_ conversation: String, upTo date: Date, to status: Message.Status) {
        guard let record = records[conversation] else { return }
        let changed = record.log.raiseStatus(of: viewer, upTo: date, to: status)
        guard !changed.isEmpty else { return }
        if var summary = record.summary, let last = summary.lastMessage, changed.contains(last.id) {
            summary.lastMessage = record.log.messages.last
            setSummary(summary, of: record)
        }
        notify(record, .messages(added: [], updated: changed))
        publish()
    }

    func markReadIfNeeded(_ conversation: String) {
        guard let record = records[conversation] else { return }
        markReadIfNeeded(record)
    }

    /// Marks a conversation read if it has unread messages or is open (and tells the server when the
    /// last message is the other person's).
    func markReadIfNeeded(_ record: ConversationRecord) {
        guard var summary = record.summary, summary.unreadCount > 0 || record.openCount > 0 else { return }
        let conversation = record.id
        let hadUnread = summary.unreadCount > 0
        summary.unreadCount = 0
        setSummary(summary, of: record)
        if hadUnread { publish() }
        // Not `lastMessage.map { ... }`: a closure formed here and given to the standard library checks
        // the executor at run time.
        guard let lastMessage = summary.lastMessage, lastMessage.sender != viewer else { return }
        authorizer.perform { [backend] token, completion in
            backend.chat.markRead(conversation: conversation, accessToken: token, completion: completion)
        }
    }

    func removeConversation(_ conversation: String) {
        var refused: [String] = []
        for message in outbox where message.conversation == conversation {
            if records[conversation]?.log.setPendingStatus(message.id, .failed) == true {
                refused.append(message.id)
            }
        }
        outbox.removeAll { $0.conversation == conversation && $0.id != sendingID }
        persistOutbox()
        notify(conversation, .messages(added: [], updated: refused))
        setSummary(nil, for: conversation)
        records[conversation]?.log = ConversationLog()
        notify(conversation, .unmatched)
        publish()
    }

    func notify(_ conversation: String, _ change: ConversationChange) {
        guard let record = records[conversation] else { return }
        notify(record, change)
    }

    /// Calls a conversation's screens, then its other observers, with a change (the record found
    /// beforehand).
    func notify(_ record: ConversationRecord, _ change: ConversationChange) {
        notify(record.screens?.callbacks, change)
        notify(record.observers?.callbacks, change)
    }

    /// Calls the callbacks of one registry (none without one) with a change.
    ///
    /// Handed the callbacks, not the registry: a registry is held weakly by its tokens, so counting
    /// a reference to it goes the slow way (a side table), twice per change told.
    func notify(
        _ callbacks: [ObserverRegistry<ConversationChange>.Callback]?, _ change: ConversationChange
    ) {
        guard let callbacks else { return }
        for observer in callbacks { observer(change) }
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

    /// Changes a conversation's summary and marks its row for the next ``publish()``.
    func setSummary(_ summary: ConversationSummary?, for conversation: String) {
        setSummary(summary, of: record(of: conversation))
    }

    /// ``setSummary(_:for:)`` on a record found beforehand.
    func setSummary(_ summary: ConversationSummary?, of record: ConversationRecord) {
        summaryCount += record.replaceSummary(with: summary)
        mark(record)
    }
}
