import Foundation
import Interactors
import Models
import Services

/// The bookkeeping behind ``ChatContext``: each conversation's messages, summary and observers.
extension ChatContext {
    /// Shows a message of the outbox in its conversation as `status` (sending, not sent or refused,
    /// with why).
    func addPending(_ message: OutgoingMessage, status: Message.Status, reason: String? = nil) {
        let pending = Message(
            id: message.id, conversation: message.conversation, sender: viewer, text: message.text,
            sentAt: message.createdAt, transactionID: message.id, status: status, failureReason: reason)
        absorb([pending], in: message.conversation, countUnread: false)
    }

    /// Merges messages into a conversation's log, updates its summary, and tells its observers.
    ///
    /// A conversation that is not one of the user's keeps the messages but has no summary to
    /// change, and its observers are not told. With `countUnread`, messages from the other person
    /// that arrive while no screen of the conversation is open count as unread.
    func absorb(_ messages: [Message], in conversation: String, countUnread: Bool = true) {
        let record = ensureRecord(conversation)
        let newestKnown = countUnread ? record.log.messages.last { $0.sender != viewer } : nil
        let (added, updated) = record.log.merge(messages)
        guard !added.isEmpty || !updated.isEmpty, let summary = record.summary else { return }
        let unseen =
            countUnread
            ? ConversationSummaryRules.unseen(
                messages, added: added, viewer: viewer, isOpen: record.openCount > 0, after: newestKnown)
            : 0
        setSummary(
            ConversationSummaryRules.taking(record.log.messages.last, unseen: unseen, into: summary),
            for: conversation)
        notify(conversation, .messages(added: added, updated: updated))
    }

    /// Takes a message the server no longer has (its sender deleted it) out of a conversation; the
    /// list row then previews the message before it.
    func removeMessage(_ id: String, from conversation: String) {
        guard records[conversation]?.log.remove(id) == true, let record = records[conversation] else {
            return
        }
        if var summary = record.summary, summary.lastMessage?.id == id {
            summary.lastMessage = record.log.messages.last
            setSummary(summary, for: conversation)
        }
        notify(conversation, .messages(added: [], updated: [id]))
        publish()
    }

    /// Raises the status of the user's messages in a conversation sent up to `date` (a receipt).
    func raise(_ conversation: String, upTo date: Date, to status: Message.Status) {
        guard let changed = records[conversation]?.log.raiseStatus(of: viewer, upTo: date, to: status),
            !changed.isEmpty
        else { return }
        if let record = records[conversation], var summary = record.summary,
            let last = summary.lastMessage, changed.contains(last.id)
        {
            summary.lastMessage = record.log.messages.last
            setSummary(summary, for: conversation)
        }
        notify(conversation, .messages(added: [], updated: changed))
        publish()
    }

    /// Marks a conversation read if it has unread messages or is open (and tells the server when the
    /// last message is the other person's).
    func markReadIfNeeded(_ conversation: String) {
        guard let record = records[conversation], var summary = record.summary,
            summary.unreadCount > 0 || record.openCount > 0
        else { return }
        let hadUnread = summary.unreadCount > 0
        summary.unreadCount = 0
        setSummary(summary, for: conversation)
        if hadUnread { publish() }
        guard let last = summary.lastMessage, last.sender != viewer else { return }
        authorizer.perform { [chat] token, completion in
            chat.markRead(conversation: conversation, accessToken: token, completion: completion)
        }
    }

    /// Ends a conversation: its messages not sent are refused for good (shown so, with why, and never
    /// offered for retry) and leave the outbox; its row and messages go.
    func removeConversation(_ conversation: String) {
        let reason = "You are no longer matched"
        var refused: [String] = []
        for entry in outbox.queue.entries where entry.item.conversation == conversation {
            let id = entry.item.id
            if records[conversation]?.log.setPendingStatus(id, .refused, reason: reason) == true {
                refused.append(id)
            }
            // One on its way leaves too: nothing can take it, whatever the server answers.
            outbox.remove(id)
        }
        notify(conversation, .messages(added: [], updated: refused))
        setSummary(nil, for: conversation)
        records[conversation]?.log = ConversationLog()
        notify(conversation, .unmatched)
        publish()
    }

    /// The record of a conversation, made on first use.
    func ensureRecord(_ conversation: String) -> ConversationRecord {
        if let record = records[conversation] { return record }
        let record = ConversationRecord()
        records[conversation] = record
        return record
    }

    /// Tells a conversation's observers of a change.
    func notify(_ conversation: String, _ change: ConversationChange) {
        guard records[conversation] != nil, let registry = observers[conversation] else { return }
        for observer in registry.callbacks { observer(change) }
    }

    /// Changes a conversation's summary and marks its row for the next ``publish()``.
    func setSummary(_ summary: ConversationSummary?, for conversation: String) {
        let hadSummary = records[conversation]?.summary != nil
        summaryCount += (summary != nil ? 1 : 0) - (hadSummary ? 1 : 0)
        ensureRecord(conversation).summary = summary
        changedRows.insert(conversation)
    }
}
