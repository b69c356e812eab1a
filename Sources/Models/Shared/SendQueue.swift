import Foundation

/// The items of one kind of durable work that the server has not confirmed, oldest first, each with
/// where it is: a plain value, part of its context's state.
///
/// What happens to it is decided by ``Interactors/SendQueuePolicy`` (its `SendQueue` extension:
/// which items go now, what a failure means); the context's durable queue saves it, sends what the
/// policy hands out and arms the retries it asks for. Queues hold up to a few thousand items after a
/// long offline run, so look-ups are linear.
public struct SendQueue<Item: QueueItem>: Hashable, Sendable {
    /// One queued item and where it is.
    public struct Entry: Hashable, Sendable {
        /// The item.
        public var item: Item
        /// Where it is on its way to the server.
        public var state: SendState
        /// The failed attempts so far (a failure while offline does not count).
        public var attempts = 0
        /// Whether a finished save holds it: only then may it be sent.
        public var isSaved: Bool
        /// When it is tried again, while it backs off after a failure for now.
        public var retryAt: Date?
        /// Whether that failure was the network's: then it is tried again as soon as the device can
        /// reach the network, rather than at ``retryAt``.
        public var failedOffline = false

        /// Creates an entry.
        public init(item: Item, state: SendState, isSaved: Bool) {
            self.item = item
            self.state = state
            self.isSaved = isSaved
        }

        /// Whether the queue gave up on it for now (failed after its bounded retries, none due): it
        /// waits for the user's Retry.
        public var isGivenUp: Bool {
            guard case .failed(_, true) = state else { return false }
            return retryAt == nil
        }

        /// Whether the server refused it for good.
        public var isRefused: Bool {
            guard case .failed(_, false) = state else { return false }
            return true
        }
    }

    /// The items, oldest first.
    public var entries: [Entry] = []

    /// Creates an empty queue.
    public init() {}

    /// The items, oldest first.
    public var items: [Item] { entries.map { $0.item } }

    /// The entry of the item with id `id`, if it is queued.
    public func entry(_ id: String) -> Entry? { entries.first { $0.item.id == id } }

    /// Whether the item with id `id` is queued.
    public func contains(_ id: String) -> Bool { entries.contains { $0.item.id == id } }
}
