import Foundation
import Interactors
import Models
import Services

/// An item a ``SendQueue`` keeps: a swipe or a message.
protocol QueueItem: Sendable {
    /// Its transaction id: the server applies each one once.
    var id: String { get }
    /// The order it keeps its place in: a conversation, or the deck.
    var lane: String { get }
    /// The id of an item that must reach the server first (a message's match's swipe), if any.
    var dependsOn: String? { get }
}

/// The one durable send queue of the app, behind the swipe queue and the chat outbox.
///
/// Holds the items the server has not confirmed, each with its state (``Models/SendState``), and
/// decides with ``Interactors/SendQueuePolicy`` which go now: in order within a lane, one at a time,
/// once what they depend on has settled. The owner sends what ``take()`` hands it and reports the
/// answer (``succeeded(_:)``, ``failed(_:with:)``). A failure for now is retried with
/// ``Interactors/RetryPolicy``'s delay on the scheduler (or when the network returns) up to the
/// policy's bound; a final refusal stays, failed with its reason, until the owner removes it.
/// Every change of the items is saved through ``persist()``, the one place that writes; an item is
/// handed out only once a finished save held it (or it was read from the store), so the server never
/// holds an item the disk does not.
@MainActor
final class SendQueue<Item: QueueItem> {
    /// One queued item and where it is.
    struct Entry: Sendable {
        /// The item.
        var item: Item
        /// Where it is.
        var state: SendState
        /// The failed attempts so far.
        var attempts = 0
        /// Its scheduled retry, if one is.
        var retry: ScheduledTask?
    }

    /// The items, oldest first.
    private(set) var entries: [Entry] = []
    /// The ids of the items a finished save held (or the store gave back): only these are sent.
    private var saved: Set<String> = []
    /// Whether ``persist()`` is handing the items to the owner's store (a store in memory finishes
    /// at once, while its caller is still changing the queue: the caller sends afterwards).
    private var isSaving = false
    private let retries: RetryTimer
    /// Writes the items (to the owner's store) and calls its completion once the write is done (or
    /// failed, reported by the owner); called by ``persist()`` only.
    var save: ([Entry], _ done: @escaping @MainActor () -> Void) -> Void = { _, done in done() }
    /// Where an item other items depend on is (another queue's, or this one's).
    var dependency: (String) -> SendQueuePolicy.Dependency = { _ in .settled }
    /// Called when an item's state changed (not when it was added or removed).
    var onChange: (Item, SendState) -> Void = { _, _ in }
    /// Called when a retry is due, or a dependency settled: the owner sends what ``take()`` hands it.
    var onReady: () -> Void = {}

    /// Creates a queue that retries with `retries`.
    init(retries: RetryTimer) {
        self.retries = retries
    }

    deinit {
        for entry in entries { entry.retry?.cancel() }
    }

    // MARK: Reading

    /// The items not refused for good, oldest first.
    var items: [Item] { entries.map(\.item) }

    /// The state of the item with id `id`, if it is queued.
    func state(of id: String) -> SendState? {
        entries.first { $0.item.id == id }?.state
    }

    /// Whether the item with id `id` is queued.
    func contains(_ id: String) -> Bool { entries.contains { $0.item.id == id } }

    // MARK: Changing

    /// Puts items read from the store in the queue, each in `state` (waiting, unless given).
    func load(_ items: [Item], state: (Item) -> SendState = { _ in .waiting }) {
        entries += items.map { Entry(item: $0, state: state($0)) }
        saved.formUnion(items.map(\.id))
    }

    /// Adds `item` at the end of its lane and saves the queue.
    func enqueue(_ item: Item) {
        entries.append(Entry(item: item, state: .waiting))
        persist()
    }

    /// Changes a queued item (its dependency, say) and saves the queue.
    func update(_ id: String, _ change: (inout Item) -> Void) {
        guard let index = index(of: id) else { return }
        change(&entries[index].item)
        persist()
    }

    /// The items to send now (``Interactors/SendQueuePolicy/ready(_:dependency:)``), marked sending;
    /// the waiting items whose dependency was refused for good fail first, with its reason.
    func take() -> [Item] {
        for (id, reason) in SendQueuePolicy.orphaned(policyEntries, dependency: dependency) {
            refuse(id, reason: reason)
        }
        let ready = SendQueuePolicy.ready(policyEntries, dependency: dependency)
        return ready.compactMap { id in
            guard saved.contains(id), let index = index(of: id) else { return nil }
            set(index, .sending)
            return entries[index].item
        }
    }

    /// The server has the item: it leaves the queue, which is saved; returns it.
    @discardableResult
    func succeeded(_ id: String) -> Item? {
        remove(id)?.item
    }

    /// An attempt failed with `error`: retried later (its lane waits), given up (Retry / Delete) or
    /// refused for good, as ``Interactors/SendQueuePolicy/verdict(after:attempt:)`` says.
    @discardableResult
    func failed(_ id: String, with error: ServiceError) -> SendQueuePolicy.Verdict? {
        guard let index = index(of: id) else { return nil }
        entries[index].attempts += 1
        let countsAttempt = error != .networkUnavailable
        let attempt = entries[index].attempts
        let verdict = SendQueuePolicy.verdict(
            after: error, attempt: countsAttempt ? attempt : min(attempt, SendQueuePolicy.maximumAttempts - 1)
        )
        switch verdict {
        case .retry(let reason):
            set(index, .failed(reason: reason, retryable: true))
            entries[index].retry = retries.schedule(attempt: attempt) { [weak self] in
                self?.retryDue(id)
            }
        case .giveUp(let reason):
            set(index, .failed(reason: reason, retryable: true))
        case .refuse(let reason):
            refuse(id, reason: reason)
        }
        return verdict
    }

    /// Fails the item for good with `reason` (it is never retried) and saves the queue.
    func refuse(_ id: String, reason: String) {
        guard let index = index(of: id) else { return }
        entries[index].retry?.cancel()
        entries[index].retry = nil
        set(index, .failed(reason: reason, retryable: false))
        persist()
    }

    /// The user asked to try the items with ids `ids` again (those that may succeed): waiting again,
    /// their count of attempts back to zero.
    func retry(_ ids: [String]) {
        for id in ids {
            guard let index = index(of: id), case .failed(_, true) = entries[index].state else { continue }
            entries[index].retry?.cancel()
            entries[index].retry = nil
            entries[index].attempts = 0
            set(index, .waiting)
        }
    }

    /// Takes the item with id `id` out of the queue and saves it; returns its entry.
    @discardableResult
    func remove(_ id: String) -> Entry? {
        guard let index = index(of: id) else { return nil }
        let entry = entries.remove(at: index)
        entry.retry?.cancel()
        persist()
        return entry
    }

    /// Saves the items through the owner's store: the one place the queue writes. When the save is
    /// done, the items it held may be sent; if it finished later (on disk), the owner hears that some
    /// may go now.
    func persist() {
        let held = entries.map(\.item.id)
        isSaving = true
        save(entries) { [weak self] in
            guard let self else { return }
            let freed = !Set(held).isSubset(of: self.saved)
            self.saved.formUnion(held)
            self.saved.formIntersection(self.entries.map(\.item.id))
            if freed, !self.isSaving { self.onReady() }
        }
        isSaving = false
    }

    // MARK: Private

    private var policyEntries: [SendQueuePolicy.Entry] {
        entries.map {
            SendQueuePolicy.Entry(
                id: $0.item.id, lane: $0.item.lane, dependsOn: $0.item.dependsOn, state: $0.state,
                isBackingOff: $0.retry != nil)
        }
    }

    private func index(of id: String) -> Int? {
        entries.firstIndex { $0.item.id == id }
    }

    private func set(_ index: Int, _ state: SendState) {
        guard entries[index].state != state else { return }
        entries[index].state = state
        onChange(entries[index].item, state)
    }

    private func retryDue(_ id: String) {
        guard let index = index(of: id) else { return }
        entries[index].retry = nil
        set(index, .waiting)
        onReady()
    }
}
