import Models

/// How a matches-list row follows its conversation: which message it previews and what is unread.
public enum ConversationSummaryRules {
    /// `summary` with `newest` as its last message unless the one it has sorts after it, and with
    /// `unseen` more messages unread.
    ///
    /// `newest` replaces the last message when it sorts after it (``MessageOrder``), or is it
    /// confirmed (its transaction id is the last one's id) or changed (the same id); a summary without
    /// a message takes it. With no `newest`, only the unread count changes.
    public static func taking(_ newest: Message?, unseen: Int, into summary: ConversationSummary)
        -> ConversationSummary
    {
        var summary = summary
        if let newest {
            if let last = summary.lastMessage {
                if MessageOrder.isBefore(last, newest) || last.id == newest.transactionID
                    || last.id == newest.id
                {
                    summary.lastMessage = newest
                }
            } else {
                summary.lastMessage = newest
            }
        }
        summary.unreadCount += unseen
        return summary
    }

    /// The conversations of `asked` (those the client had, with the server certain to know them,
    /// when it asked for the list) that the server's `list` no longer has: they ended while the
    /// client did not hear it (offline, or before a relaunch), in id order.
    ///
    /// A conversation the client learnt of after it asked, or whose match still waits for the
    /// user's queued like, is not in `asked`: the list could not have it yet.
    public static func endedWhileAway(asked: Set<String>, list: [ConversationSummary]) -> [String] {
        asked.subtracting(list.map(\.id)).sorted()
    }

    /// The conversations that stand, after a relaunch, only for messages their end refused, in id
    /// order: every message of theirs in the outbox refused (`outbox`: each queued message's
    /// conversation and whether it was refused), none in the server's `list`, none made by a queued
    /// like (`liked`).
    ///
    /// They have ended, and stay so, with those messages, until the user deletes them.
    public static func endedBeforeRelaunch(
        outbox: [(conversation: String, isRefused: Bool)], list: [ConversationSummary], liked: Set<String>
    ) -> [String] {
        let listed = Set(list.map(\.id))
        var onlyRefused: [String: Bool] = [:]
        for entry in outbox {
            onlyRefused[entry.conversation] = (onlyRefused[entry.conversation] ?? true) && entry.isRefused
        }
        return onlyRefused.filter { id, refused in refused && !listed.contains(id) && !liked.contains(id) }
            .keys.sorted()
    }

    /// How many of `messages` count as unread for `viewer`: those from the other person whose ids were
    /// `added` (new to the conversation) and that sort after `newestKnown`, while none of the
    /// conversation's screens is open.
    ///
    /// `newestKnown` is the newest message of the other person the conversation had before: one older
    /// than it was already counted (by the server's unread count in the list, or when it arrived),
    /// so a feed that hears again what the list had already counted does not count it twice.
    public static func unseen(
        _ messages: [Message], added: [String], viewer: UserID, isOpen: Bool,
        after newestKnown: Message? = nil
    ) -> Int {
        guard !isOpen else { return 0 }
        return messages.filter { message in
            message.sender != viewer && added.contains(message.id)
                && newestKnown.map { MessageOrder.isBefore($0, message) } ?? true
        }
        .count
    }

    /// Whether the message `id` of `messages` (a conversation's, oldest first) is one of the
    /// `unreadCount` unread ones for `viewer`.
    ///
    /// Reading marks a conversation read up to its newest message, so the unread messages are the
    /// newest `unreadCount` of the other person's; the user's own are never unread. When the other
    /// person deletes one of them, it stops counting.
    public static func isUnread(
        _ id: String, in messages: some Sequence<Message>, unreadCount: Int, viewer: UserID
    ) -> Bool {
        guard unreadCount > 0 else { return false }
        return messages.filter { $0.sender != viewer }.suffix(unreadCount).contains { $0.id == id }
    }

    /// The server's summary of a conversation (`remote`), keeping the last message the client has
    /// when it is newer (a message sent since the server made its list).
    public static func merged(_ remote: ConversationSummary, over local: ConversationSummary?)
        -> ConversationSummary
    {
        guard let kept = local?.lastMessage else { return remote }
        var merged = remote
        if let last = remote.lastMessage {
            if !MessageOrder.isBefore(kept, last) { merged.lastMessage = kept }
        } else {
            merged.lastMessage = kept
        }
        return merged
    }
}
