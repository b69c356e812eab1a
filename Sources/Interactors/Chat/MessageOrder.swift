import Models

/// The order of a conversation's messages: by timestamp, then (at one instant) the server's before
/// the unsent, then by id.
///
/// At one instant (several messages in the same millisecond, or under virtual time), the server's
/// messages come first and the user's unsent ones (sending or not sent) after them, as a message
/// waiting to go out belongs at the bottom; ids then compare shorter first (in UTF-8 bytes), so sequential ids
/// (`id-9`, `id-10`) keep the order they were made in.
public enum MessageOrder {
    /// Whether `first` comes before `second` in a conversation.
    public static func isBefore(_ first: Message, _ second: Message) -> Bool {
        if first.sentAt != second.sentAt { return first.sentAt < second.sentAt }
        if first.isPending != second.isPending { return second.isPending }
        if first.id.utf8.count != second.id.utf8.count {
            return first.id.utf8.count < second.id.utf8.count
        }
        return first.id < second.id
    }

    /// How far a message got: a status never goes back to a lower rank.
    public static func rank(_ status: Message.Status) -> Int {
        switch status {
        case .failed, .refused: 0
        case .sending: 1
        case .sent: 2
        case .delivered: 3
        case .read: 4
        }
    }

    /// The further of two statuses.
    public static func furthest(_ a: Message.Status, _ b: Message.Status) -> Message.Status {
        rank(a) >= rank(b) ? a : b
    }
}
