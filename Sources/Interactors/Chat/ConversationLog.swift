import Foundation
import Models
import PersistentList

/// One conversation's messages in order (``MessageOrder``), merged by id.
///
/// A page that arrives twice or overlaps changes nothing; a message confirmed by the server replaces
/// the pending copy with the same transaction id. The messages are a ``Models/MessageList``, so a
/// snapshot of them (the open conversation's state) is shared, not copied, when the next message
/// comes: adding one costs a binary search, O(log² n). Their ids are a ``PersistentList/PersistentMap``
/// for the same reason: a log kept in a snapshot and changed in the next one is never copied whole.
public struct ConversationLog: Equatable, Sendable {
    /// The messages, oldest first.
    public private(set) var messages = MessageList()
    /// The ids of ``messages``.
    private var ids = PersistentMap<String, Bool>()

    /// An empty log.
    public init() {}

    /// Whether both logs hold the same messages (their ids follow from them).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.messages == rhs.messages }

    /// Whether a message with this id is in the log.
    public func contains(_ id: String) -> Bool { ids[id] != nil }

    /// Adds or updates messages.
    ///
    /// Returns the ids that were added and the ids whose content changed.
    @discardableResult
    public mutating func merge(_ incoming: [Message]) -> (added: [String], updated: [String]) {
        var added: [String] = []
        var updated: [String] = []
        for message in incoming { merge(message, added: &added, updated: &updated) }
        return (added, updated)
    }

    /// Adds or updates one message (one sent, confirmed or received), as merging an array of it does.
    @discardableResult
    public mutating func merge(_ message: Message) -> (added: [String], updated: [String]) {
        merge([message])
    }

    /// Adds or updates one message; tells whether its id was added, with the ids whose content changed.
    ///
    /// The same as merging the message alone, with the added ids told as a flag.
    public mutating func mergeOne(_ message: Message) -> (isAdded: Bool, updated: [String]) {
        let (added, updated) = merge([message])
        return (!added.isEmpty, updated)
    }

    /// Merges one message, recording its id in `added` or `updated` (and a confirmed pending one's).
    private mutating func merge(_ message: Message, added: inout [String], updated: inout [String]) {
        if let transaction = message.transactionID, transaction != message.id,
            let index = index(of: transaction)
        {
            // The server confirmed a pending message: the confirmed copy takes its place.
            messages.remove(at: index)
            ids[transaction] = nil
            updated.append(transaction)
        }
        if let index = index(of: message.id) {
            var merged = message
            merged.status = MessageOrder.furthest(messages[index].status, message.status)
            if messages[index] != merged {
                messages.remove(at: index)
                insert(merged)
                updated.append(message.id)
            }
            return
        }
        insert(message)
        ids[message.id] = true
        added.append(message.id)
    }

    /// Sets the status of the user's own messages sent up to `date` to at least `status`; returns the
    /// ids that changed.
    ///
    /// Walks back from the newest message only as far as it must.
    public mutating func raiseStatus(of sender: UserID, upTo date: Date, to status: Message.Status)
        -> [String]
    {
        var changed: [String] = []
        for index in messages.indices.reversed() {
            let message = messages[index]
            guard message.sender == sender, message.sentAt <= date, !message.isPending else { continue }
            // Statuses only grow, and older messages got theirs first: stop at the first one far enough.
            if MessageOrder.rank(message.status) >= MessageOrder.rank(status) { break }
            var raised = message
            raised.status = status
            messages.replace(at: index, with: raised)
            changed.append(message.id)
        }
        return changed
    }

    /// Marks a pending message as failed (with why, when known), refused or sending again; returns
    /// whether it changed.
    ///
    /// The message moves when the new status moves it out of (or into) the pending ones, as messages
    /// of one instant sort unsent ones last (``MessageOrder``).
    public mutating func setPendingStatus(_ id: String, _ status: Message.Status, reason: String? = nil)
        -> Bool
    {
        guard let index = index(of: id),
            messages[index].status != status || messages[index].failureReason != reason
        else { return false }
        var message = messages.remove(at: index)
        message.status = status
        message.failureReason = reason
        insert(message)
        return true
    }

    /// Takes a message out of the log (a pending one the user deleted); returns whether it was there.
    public mutating func remove(_ id: String) -> Bool {
        guard let index = index(of: id) else { return false }
        messages.remove(at: index)
        ids[id] = nil
        return true
    }

    /// Puts a message where it sorts: after the last (the usual case) or by binary search.
    private mutating func insert(_ message: Message) {
        var low = 0
        var high = messages.count
        if let last = messages.last, MessageOrder.isBefore(last, message) { low = high }
        while low < high {
            let middle = (low + high) / 2
            if MessageOrder.isBefore(messages[middle], message) { low = middle + 1 } else { high = middle }
        }
        messages.insert(message, at: low)
    }

    /// Where the message with this id is; the newest change most, so the search starts at the end.
    private func index(of id: String) -> Int? {
        guard ids[id] != nil else { return nil }
        return messages.lastIndex { $0.id == id }
    }
}
