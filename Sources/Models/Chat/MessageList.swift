import PersistentList

/// A conversation's messages in order, with how many of them failed or were refused: a
/// ``PersistentList/PersistentList`` that keeps those counts as it changes.
///
/// Snapshots share it: the open conversation's next state shares the messages of the one before, so
/// a message added, confirmed or changed costs O(log n), however long the conversation, and so does
/// knowing whether any message can be retried or deleted. It reads like an array (indexed from 0);
/// it changes only through ``insert(_:at:)``, ``remove(at:)`` and ``replace(at:with:)``.
public struct MessageList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Positions, as in an array.
    public typealias Index = Int
    /// The valid positions.
    public typealias Indices = Range<Int>

    /// The messages, oldest first.
    public private(set) var messages = PersistentList<Message>()
    /// How many of the messages failed for now (the user may retry them).
    public private(set) var failedCount = 0
    /// How many of the messages the server refused for good.
    public private(set) var refusedCount = 0

    /// No messages.
    public init() {}

    /// The messages given, in order, counted in O(n).
    public init(_ messages: some Sequence<Message>) {
        self.messages = PersistentList(messages)
        for message in self.messages { count(message, by: 1) }
    }

    /// The messages of the literal, in order.
    public init(arrayLiteral messages: Message...) {
        self.init(messages)
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of messages.
    public var endIndex: Int { messages.count }

    /// The message at `position`, in O(log n).
    public subscript(position: Int) -> Message { messages[position] }

    /// An iterator over the messages in order, leaf by leaf: O(1) a message.
    public func makeIterator() -> PersistentList<Message>.Iterator { messages.makeIterator() }

    /// Inserts `message` at `index`, in O(log n).
    public mutating func insert(_ message: Message, at index: Int) {
        messages.insert(message, at: index)
        count(message, by: 1)
    }

    /// Removes and returns the message at `index`, in O(log n).
    @discardableResult
    public mutating func remove(at index: Int) -> Message {
        let message = messages.remove(at: index)
        count(message, by: -1)
        return message
    }

    /// Replaces the message at `index`, in O(log n).
    public mutating func replace(at index: Int, with message: Message) {
        count(messages[index], by: -1)
        messages.replace(at: index, with: message)
        count(message, by: 1)
    }

    /// How many messages, from the start, this list and `other` have with the same ids; the part
    /// of the list they share is not read (see ``PersistentList/PersistentList/commonPrefixCount(with:by:)``).
    public func commonPrefixCount(with other: MessageList) -> Int {
        messages.commonPrefixCount(with: other.messages) { $0.id == $1.id }
    }

    /// Keeps the counts as a message comes in (`change` 1) or goes out (-1).
    private mutating func count(_ message: Message, by change: Int) {
        switch message.status {
        case .failed: failedCount += change
        case .refused: refusedCount += change
        case .sending, .sent, .delivered, .read: break
        }
    }
}
