import Models

/// When a conversation follows its history's cursor on its own: the rule that keeps "Load older
/// messages" offered exactly while older messages exist that the conversation does not hold.
///
/// Messages reach a conversation two ways: pages of history, newest first, and the live feed. A page
/// whose messages the conversation holds already, while it holds older ones too (they came live),
/// says nothing of whether anything older is missing; nor does an older page the user asked for that
/// added nothing. In both cases the next older page is asked for at once, until one adds a message or
/// the history ends.
public enum HistoryPaging {
    /// Whether to ask for the next older page at once, after `page` arrived into `log` (as it was
    /// before the page); `wasOlder`: the user asked for it ("Load older messages"), rather than it
    /// being the newest page.
    public static func followsAtOnce(_ page: MessagePage, into log: ConversationLog, wasOlder: Bool) -> Bool {
        guard page.olderCursor != nil, page.messages.allSatisfy({ log.contains($0.id) }) else { return false }
        if wasOlder { return true }
        guard let pageOldest = page.messages.min(by: MessageOrder.isBefore),
            let heldOldest = log.messages.first
        else { return false }
        return MessageOrder.isBefore(heldOldest, pageOldest)
    }
}
