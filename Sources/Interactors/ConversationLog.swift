import Foundation
import Models

/// One conversation's messages in order (by timestamp, then ``Message/isOrderedBefore(_:)``'s rules for
/// one instant), merged by id.
///
/// A page that arrives twice or overlaps changes nothing; a message confirmed by the server replaces
/// the pending copy with the same transaction id. Adding one message costs a binary search (and, when
/// it is not the newest, moving the newer ones), never a pass over the whole conversation longer than
/// ``scanLimit``: up to that many messages, an id is looked for by scanning them, which costs less
/// than hashing it into a set (and growing the set as the conversation starts). (Messages a snapshot
/// shares are copied before they change, as any shared array is: ``mergeOne(_:updated:spare:)``
/// copies them into storage the caller keeps.)
public struct ConversationLog: Hashable, Sendable {
    /// The most messages whose ids are looked for by scanning; a longer log keeps a set of them.
    static let scanLimit = 16
    /// How many messages more than it holds a spare storage makes room for when it grows.
    static var spareRoom: Int { 16 }

    /// The messages, oldest first.
    public private(set) var messages: [Message] = []
    /// Every message's id while there are more than ``scanLimit`` messages; empty otherwise (so it
    /// follows from `messages`, and equal logs have equal sets).
    private var positions: Set<String> = []

    /// An empty log.
    public init() {}

    /// Whether a message with this id is in the log.
    public func contains(_ id: String) -> Bool {
        positions.isEmpty ? index(ofID: id) != nil : positions.contains(id)
    }

    /// Adds or updates messages. Returns the ids that were added and the ids whose content changed.
    @discardableResult
    public mutating func merge(_ incoming: [Message]) -> (added: [String], updated: [String]) {
        var added: [String] = []
        var updated: [String] = []
        for message in incoming { merge(message, added: &added, updated: &updated) }
        return (added, updated)
    }

    /// Adds or updates one message (one sent, confirmed or received): the answers of merging an array
    /// of it, without the array.
    @discardableResult
    public mutating func merge(_ message: Message) -> (added: [String], updated: [String]) {
        var added: [String] = []
        var updated: [String] = []
        merge(message, added: &added, updated: &updated)
        return (added, updated)
    }

    /// Adds or updates one message and tells whether its id was added, with the ids whose content
    /// changed.
    ///
    /// The answers of `merge(_:)` of one message, whose added ids are this message's or none, without
    /// building an array for them: a message sent or received builds no array at all, a confirmation
    /// one (the pending copy's id, updated).
    public mutating func mergeOne(_ message: Message) -> (isAdded: Bool, updated: [String]) {
        var updated: [String] = []
        let isAdded = merge(message, updated: &updated)
        return (isAdded, updated)
    }

    /// ``mergeOne(_:)`` with the updated ids put in `updated`, emptied first: a caller that keeps the
    /// array between merges has a confirmation's id put into the storage it kept, without a new array
    /// (when nothing else holds that storage).
    public mutating func mergeOne(_ message: Message, updated: inout [String]) -> Bool {
        // A confirmation's one id taken off the end inline (`removeAll(keepingCapacity:)` goes through
        // `replaceSubrange`).
        if updated.count == 1 {
            updated.removeLast()
        } else if !updated.isEmpty {
            updated.removeAll(keepingCapacity: true)
        }
        return merge(message, updated: &updated)
    }

    /// ``mergeOne(_:updated:)`` of a log whose messages a snapshot shares (an open conversation's,
    /// whose screen shows them): the messages are first copied into the storage of `spare`, which
    /// gets the shared storage in return, where the change would have copied them into a new array.
    ///
    /// The caller keeps `spare` for the next merge: by then the snapshot that shared the storage it
    /// got is usually gone, and the copy needs no allocation, nor a reference counted for each message
    /// that is the same in both (most are: the copy is the log one change older). A `spare` storage
    /// something still holds is copied first, as any shared array is. For a log no snapshot shares,
    /// use ``mergeOne(_:updated:)``: its messages change in place.
    public mutating func mergeOne(
        _ message: Message, updated: inout [String], spare: inout [Message]
    ) -> Bool {
        Self.copy(messages, into: &spare)
        swap(&messages, &spare)
        return mergeOne(message, updated: &updated)
    }

    /// Makes `copy` hold `messages`, with room for more, writing only the messages that differ.
    ///
    /// Storage it grows gets room for ``spareRoom`` messages more: the two storages a caller's merges
    /// take in turn would otherwise each grow every time they doubled.
    private static func copy(_ messages: [Message], into copy: inout [Message]) {
        if copy.capacity <= messages.count {
            copy.reserveCapacity(Swift.max(messages.count + spareRoom, 2 * copy.capacity))
        }
        let common = Swift.min(copy.count, messages.count)
        for index in 0..<common where !copy[index].isSame(as: messages[index]) {
            copy[index] = messages[index]
        }
        while copy.count > messages.count { copy.removeLast() }
        if copy.count < messages.count { copy.append(contentsOf: messages[common...]) }
    }

    /// Merges one message, recording its id in `added` or `updated` (and a confirmed pending one's).
    private mutating func merge(_ message: Message, added: inout [String], updated: inout [String]) {
        if merge(message, updated: &updated) { added.append(message.id) }
    }

    /// Merges one message, recording in `updated` the ids whose content changed (a confirmed pending
    /// one's, and its own); returns whether its id was added (the only id a merge of one message adds).
    private mutating func merge(_ message: Message, updated: inout [String]) -> Bool {
        defer { fitPositions() }
        if let transaction = message.transactionID, transaction != message.id,
            let index = takeOut(transaction)
        {
            // The server confirmed a pending message: the confirmed copy takes its place. Its id is
            // usually the first updated: an array without storage is made of it, which costs less code
            // than growing an empty one; storage kept by the caller is appended to.
            if updated.capacity == 0 { updated = [transaction] } else { updated.append(transaction) }
            if fits(message, at: index), record(message.id) {
                // Where it sorts is where the pending copy was (the usual case): replaced in place,
                // as removing the one and inserting the other would leave it (one hash, or one scan,
                // for the check and the record).
                messages[index] = message
                return true
            }
            messages.remove(at: index)
        }
        if record(message.id) {
            // New to the log (one hash, or one scan, for the check and the record).
            place(message)
            return true
        }
        if let index = index(ofID: message.id) {
            var merged = message
            merged.status = Self.furthest(messages[index].status, message.status)
            if messages[index] != merged {
                messages.remove(at: index)
                insert(merged)
                updated.append(message.id)
            }
            return false
        }
        insert(message)
        return true
    }

    /// Sets the status of the user's own messages sent up to `date` to at least `status`; returns the
    /// ids that changed. Walks back from the newest message only as far as it must.
    public mutating func raiseStatus(of sender: UserID, upTo date: Date, to status: Message.Status)
        -> [String]
    {
        var changed: [String] = []
        var index = messages.count - 1
        while index >= 0 {
            let message = messages[index]
            defer { index -= 1 }
            guard message.sender == sender, message.sentAt <= date, message.status != .sending,
                message.status != .failed
            else { continue }
            // Statuses only grow, and older messages got theirs first: stop at the first one far enough.
            if Self.rank(message.status) >= Self.rank(status) { break }
            messages[index].status = status
            changed.append(message.id)
        }
        return changed
    }

    /// Marks a pending message as failed or sending again; returns whether it changed.
    ///
    /// A status that moves the message out of (or into) the pending ones moves it too, as messages
    /// of one instant sort unsent ones last (``Message/isOrderedBefore(_:)``).
    public mutating func setPendingStatus(_ id: String, _ status: Message.Status) -> Bool {
        guard let index = index(ofID: id), messages[index].status != status else { return false }
        var message = messages[index]
        let wasPending = message.isPending
        message.status = status
        if message.isPending == wasPending {
            messages[index] = message
        } else {
            // Out and in again: the count, and so the ids' set, ends as it was.
            messages.remove(at: index)
            insert(message)
        }
        return true
    }

    /// Records a message's id unless it is in the log already; returns whether it was not (the
    /// message is new). A short log scans its messages; a long one hashes the id once for the check
    /// and the record. Place the message next, then ``fitPositions()``.
    private mutating func record(_ id: String) -> Bool {
        positions.isEmpty ? index(ofID: id) == nil : positions.insert(id).inserted
    }

    /// Makes the ids' set follow the number of messages: built when the log grew past ``scanLimit``,
    /// emptied when it shrank to it.
    private mutating func fitPositions() {
        if messages.count > Self.scanLimit {
            guard positions.isEmpty else { return }
            positions.reserveCapacity(messages.count)
            for index in messages.indices { positions.insert(messages[index].id) }
        } else if !positions.isEmpty {
            positions = []
        }
    }

    /// Forgets a recorded id and returns its message's index; `nil`, forgetting nothing, when the id
    /// is not in the log. A short log scans for it; in a long one, one hash checks and forgets it
    /// (every recorded id is among the messages, so the search finds it; should it not, the id is put
    /// back). Call ``fitPositions()`` once the message is out.
    private mutating func takeOut(_ id: String) -> Int? {
        if positions.isEmpty { return index(ofID: id) }
        guard positions.remove(id) != nil else { return nil }
        if let index = index(ofID: id) { return index }
        positions.insert(id)
        return nil
    }

    /// Whether `message` sorts strictly between the neighbours of `index`.
    private func fits(_ message: Message, at index: Int) -> Bool {
        (index == 0 || messages[index - 1].isOrderedBefore(message))
            && (index == messages.count - 1 || message.isOrderedBefore(messages[index + 1]))
    }

    /// Puts a message where it sorts and records its id (in a long log's set).
    private mutating func insert(_ message: Message) {
        if !positions.isEmpty { positions.insert(message.id) }
        place(message)
    }

    /// Puts a message where it sorts: after the last (the usual case) or by binary search.
    private mutating func place(_ message: Message) {
        if let last = messages.last, !last.isOrderedBefore(message) {
            var low = 0
            var high = messages.count
            while low < high {
                let middle = (low + high) / 2
                if messages[middle].isOrderedBefore(message) { low = middle + 1 } else { high = middle }
            }
            messages.insert(message, at: low)
        } else {
            messages.append(message)
        }
    }

    private func index(ofID id: String) -> Int? {
        // Newest messages change most; search from the end.
        messages.lastIndex { $0.hasID(id) }
    }

    private static func furthest(_ a: Message.Status, _ b: Message.Status) -> Message.Status {
        rank(a) >= rank(b) ? a : b
    }

    private static func rank(_ status: Message.Status) -> Int {
        switch status {
        case .failed: 0
        case .sending: 1
        case .sent: 2
        case .delivered: 3
        case .read: 4
        }
    }
}
