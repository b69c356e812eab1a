import Foundation
import Interactors
import Models
import Services

/// The bookkeeping behind ``ChatContext``: each conversation's messages and summary, changed in the
/// chat's state.
extension ChatContext {
    /// Shows a message of the outbox in its conversation as `status` (sending, not sent or refused,
    /// with why).
    static func addPending(
        _ message: OutgoingMessage, status: Message.Status, reason: String? = nil, by viewer: UserID,
        to state: inout ChatState
    ) {
        let pending = Message(
            id: message.id, conversation: message.conversation, sender: viewer, text: message.text,
            sentAt: message.createdAt, transactionID: message.id, status: status, failureReason: reason)
        absorb([pending], in: message.conversation, countUnread: false, by: viewer, to: &state)
    }

    /// Merges messages into a conversation's log and updates its summary.
    ///
    /// A conversation that is not one of the user's keeps the messages but has no summary to change.
    /// With `countUnread`, messages from the other person that arrive while no screen of the
    /// conversation is open count as unread.
    static func absorb(
        _ messages: [Message], in conversation: String, countUnread: Bool = true, by viewer: UserID,
        to state: inout ChatState
    ) {
        var record = state.records[conversation] ?? ConversationRecord()
        let newestKnown = countUnread ? record.log.messages.last { $0.sender != viewer } : nil
        var added: [String] = []
        record.changeMessages(by: viewer) { log in
            let merged = log.merge(messages)
            added = merged.added
            return merged.updated
        }
        guard record.revision != state.records[conversation]?.revision else { return }
        state.records[conversation] = record
        guard let summary = record.summary else { return }
        let unseen =
            countUnread
            ? ConversationSummaryRules.unseen(
                messages, added: added, viewer: viewer, isOpen: record.openCount > 0, after: newestKnown)
            : 0
        state.setSummary(
            ConversationSummaryRules.taking(record.log.messages.last, unseen: unseen, into: summary),
            for: conversation)
    }

    /// Takes a message the server no longer has (its sender deleted it) out of a conversation; the
    /// list row then previews the message before it.
    func removeMessage(_ id: String, from conversation: String) {
        guard let record = record(of: conversation), record.log.contains(id) else { return }
        let viewer = viewer
        // One the user had not read yet no longer counts as unread.
        let wasUnread = ConversationSummaryRules.isUnread(
            id, in: record.log.messages, unreadCount: record.summary?.unreadCount ?? 0, viewer: viewer)
        store.update { state in
            state.changeMessages(of: conversation, by: viewer) { log in
                _ = log.remove(id)
                return []
            }
            if wasUnread, var summary = state.records[conversation]?.summary {
                summary.unreadCount -= 1
                state.setSummary(summary, for: conversation)
            }
            if state.records[conversation]?.summary?.lastMessage?.id == id {
                Self.previewLastMessage(of: conversation, in: &state, keepingUnread: true)
            }
        }
    }

    /// Raises the status of the user's messages in a conversation sent up to `date` (a receipt).
    func raise(_ conversation: String, upTo date: Date, to status: Message.Status) {
        guard record(of: conversation) != nil else { return }
        let viewer = viewer
        store.update { state in
            var changed: [String] = []
            state.changeMessages(of: conversation, by: viewer) { log in
                changed = log.raiseStatus(of: viewer, upTo: date, to: status)
                return changed
            }
            if let last = state.records[conversation]?.summary?.lastMessage, changed.contains(last.id) {
                Self.previewLastMessage(of: conversation, in: &state, keepingUnread: true)
            }
        }
    }

    /// The row of `conversation` previews its last message now (none left: the match alone); its
    /// unread count is kept, or cleared.
    static func previewLastMessage(
        of conversation: String, in state: inout ChatState, keepingUnread: Bool = false
    ) {
        guard let record = state.records[conversation], var summary = record.summary else { return }
        // The message shown left the conversation (deleted unsent, removed by its sender): the row
        // shows the one before it, or none.
        let shownIsGone = summary.lastMessage.map { !record.log.contains($0.id) } ?? false
        if keepingUnread || shownIsGone {
            summary.lastMessage = record.log.messages.last
        } else {
            summary = ConversationSummaryRules.taking(record.log.messages.last, unseen: 0, into: summary)
        }
        state.setSummary(summary, for: conversation)
    }

    /// Marks a conversation read if it has unread messages or is open, and tells the server when the
    /// last message is the other person's or an unread count was cleared (the server counts the other
    /// person's messages unread until it hears, even when the user's own message came after them).
    func markReadIfNeeded(_ conversation: String) {
        guard let record = record(of: conversation), !record.hasEnded, var summary = record.summary,
            summary.unreadCount > 0 || record.openCount > 0
        else { return }
        let clearsUnread = summary.unreadCount > 0
        if clearsUnread {
            summary.unreadCount = 0
            store.update { $0.setSummary(summary, for: conversation) }
        }
        guard let last = summary.lastMessage, last.sender != viewer || clearsUnread,
            pendingRead(of: conversation).map({ $0 < last.sentAt }) ?? true
        else { return }
        queueRead(of: conversation, upTo: last.sentAt)
    }

    /// Ends a conversation: its messages not sent are refused for good (shown so, with why, never
    /// offered for retry, and kept in the outbox with their reason until the user deletes them); its
    /// row goes unless it holds such messages (then it stays, ended, until they are deleted), and its
    /// screen says so. A match made again in it starts afresh (``ChatState``).
    func removeConversation(_ conversation: String) {
        let reason = "You are no longer matched"
        let entries = outbox.queue.entries.filter { $0.item.conversation == conversation }
        let unsent = entries.filter { !$0.isRefused }.map(\.item.id)
        let keepsRow = !entries.isEmpty
        let viewer = viewer
        store.batch {
            // One on its way is refused too: whatever the server answers, it stays refused.
            for id in unsent { outbox.refuse(id, reason: reason) }
            store.update { state in
                state.edit(conversation) { record in
                    record.changeMessages(by: viewer) { log in
                        unsent.filter { log.setPendingStatus($0, .refused, reason: reason) }
                    }
                    record.hasEnded = true
                    record.otherIsTyping = false
                    record.otherTypingEndsAt = nil
                }
                if !keepsRow { state.setSummary(nil, for: conversation) }
            }
        }
    }

    /// After a relaunch: a conversation the list does not hold, shown only for messages its end
    /// refused (every one of its messages in the outbox refused, and no queued like making it), has
    /// ended: it stays so, with those messages, until they are deleted.
    func endRestoredConversations(notIn list: [ConversationSummary]) {
        let ended = ConversationSummaryRules.endedBeforeRelaunch(
            outbox: outbox.queue.entries.map { ($0.item.conversation, $0.isRefused) }, list: list,
            liked: Set(pendingSwipes?.matches.map(\.id) ?? [])
        )
        .filter(isLive)
        guard !ended.isEmpty else { return }
        store.update { state in
            for id in ended { state.edit(id) { $0.hasEnded = true } }
        }
    }
}
