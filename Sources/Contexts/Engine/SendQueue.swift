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
/// holds an item the disk does not. One save is written at a time (group commit): the changes made
/// while it is written are saved together once it finished, so a burst of swipes or messages costs a
/// few saves, not one each. Saves are numbered: an item remembers the first save that holds it, so a
/// finished save frees every item up to its number at once.
///
/// The queue keeps its lanes apart and finds each lane's next item from its head
/// (``Interactors/SendQueuePolicy/turn(of:dependency:)``), with the policy's view of each item kept
/// beside it: a flush asks about the head of each lane (and the items waiting for another), not
/// about every item, however many wait.
@MainActor
final class SendQueue<Item: QueueItem> {
    /// The items, oldest first: the order they are saved in.
    private(set) var entries: [Entry] = []
    /// The items by id.
    private var byID: [String: Entry] = [:]
    /// Each lane's items, oldest first: a flush asks only about their heads.
    private var lanes: [String: [Entry]] = [:]
    /// The number of saves ``persist()`` started.
    private var savesStarted = 0
    /// The highest number of a save that finished: the items it held (and all earlier) may be sent.
    private var savesFinished = 0
    /// The number of items ever added (each one's ``Entry/sequence``).
    private var addedCount = 0
    /// Whether ``persist()`` is handing the items to the owner's store (a store in memory finishes
    /// at once, while its caller is still changing the queue: the caller sends afterwards).
    private var isSaving = false
    /// Whether a save was handed to the store and has not finished.
    private var isWriting = false
    /// Whether the items changed since the save being written was started: they are saved when it
    /// finishes.
    private var hasUnsavedChanges = false
    private let retries: RetryTimer
    /// Writes the items (to the owner's store) and calls `done` with what happened once the write
    /// is over; called by ``persist()`` only. It reads the entries at once: they change in place
    /// afterwards.
    var save: ([Entry], _ done: @escaping StoreCompletion) -> Void = { _, done in done(.success(())) }
    /// Called when a save failed: the owner reports it (the items stay queued, and the next change
    /// saves them again).
    var onSaveFailed: (StoreError) -> Void = { _ in }
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

    // MARK: Reading

    /// The items not refused for good, oldest first.
    var items: [Item] { entries.map(\.item) }

    /// The state of the item with id `id`, if it is queued.
    func state(of id: String) -> SendState? { byID[id]?.state }

    /// The queued item with id `id`, if it is queued.
    func item(_ id: String) -> Item? { byID[id]?.item }

    /// Whether the item with id `id` is queued.
    func contains(_ id: String) -> Bool { byID[id] != nil }

    // MARK: Changing

    /// Puts items read from the store in the queue, each in `state` (waiting, unless given).
    func load(_ items: [Item], state: (Item) -> SendState = { _ in .waiting }) {
        for item in items { add(Entry(item: item, state: state(item), heldBySave: 0)) }
    }

    /// Adds `item` at the end of its lane and saves the queue.
    func enqueue(_ item: Item) {
        add(Entry(item: item, state: .waiting, heldBySave: savesStarted + 1))
        persist()
    }

    /// Changes a queued item (its dependency, say) and saves the queue.
    func update(_ id: String, _ change: (inout Item) -> Void) {
        guard let entry = byID[id] else { return }
        change(&entry.item)
        persist()
    }

    /// The items to send now, marked sending: in each lane, the item whose turn has come
    /// (``Interactors/SendQueuePolicy/turn(of:dependency:)``), once a finished save holds it; the
    /// waiting items whose dependency was refused for good fail first, with its reason.
    func take() -> [Item] {
        for entry in entries where entry.policy.dependsOn != nil {
            if let reason = SendQueuePolicy.orphanReason(of: entry.policy, dependency: dependency) {
                refuse(entry.item.id, reason: reason)
            }
        }
        var ready: [Entry] = []
        for lane in lanes.values {
            for entry in lane {
                let turn = SendQueuePolicy.turn(of: entry.policy, dependency: dependency)
                if turn == .passes { continue }
                if turn == .goes, entry.heldBySave <= savesFinished { ready.append(entry) }
                break
            }
        }
        ready.sort { $0.sequence < $1.sequence }
        for entry in ready { set(entry, .sending) }
        return ready.map(\.item)
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
        guard let entry = byID[id] else { return nil }
        entry.attempts += 1
        let countsAttempt = error != .networkUnavailable
        let attempt = entry.attempts
        let verdict = SendQueuePolicy.verdict(
            after: error, attempt: countsAttempt ? attempt : min(attempt, SendQueuePolicy.maximumAttempts - 1)
        )
        switch verdict {
        case .retry(let reason):
            set(entry, .failed(reason: reason, retryable: true))
            entry.retry = retries.schedule(attempt: attempt) { [weak self] in
                self?.retryDue(id)
            }
        case .giveUp(let reason):
            set(entry, .failed(reason: reason, retryable: true))
        case .refuse(let reason):
            refuse(id, reason: reason)
        }
        return verdict
    }

    /// Fails the item for good with `reason` (it is never retried) and saves the queue.
    func refuse(_ id: String, reason: String) {
        guard let entry = byID[id] else { return }
        entry.retry?.cancel()
        entry.retry = nil
        set(entry, .failed(reason: reason, retryable: false))
        persist()
    }

    /// The user asked to try the items with ids `ids` again (those that may succeed): waiting again,
    /// their count of attempts back to zero.
    func retry(_ ids: [String]) {
        for id in ids {
            guard let entry = byID[id], case .failed(_, true) = entry.state else { continue }
            entry.retry?.cancel()
            entry.retry = nil
            entry.attempts = 0
            set(entry, .waiting)
        }
    }

    /// Takes the item with id `id` out of the queue and saves it; returns its entry.
    @discardableResult
    func remove(_ id: String) -> Entry? {
        guard let entry = byID.removeValue(forKey: id) else { return nil }
        Self.remove(entry, from: &entries)
        let lane = entry.policy.lane
        if var members = lanes.removeValue(forKey: lane) {
            Self.remove(entry, from: &members)
            if !members.isEmpty { lanes[lane] = members }
        }
        entry.retry?.cancel()
        persist()
        return entry
    }

    /// Saves the items through the owner's store: the one place the queue writes. While a save is
    /// being written, the change waits for it and is saved with the others made meanwhile. When a
    /// save is done, the items it held may be sent; if it finished later (on disk), the owner hears
    /// that some may go now.
    func persist() {
        guard !isWriting else {
            hasUnsavedChanges = true
            return
        }
        savesStarted += 1
        let number = savesStarted
        isWriting = true
        isSaving = true
        save(entries) { [weak self] result in self?.saveFinished(number, result) }
        isSaving = false
    }

    // MARK: Private

    /// Puts `entry` at the end of the queue and of its lane.
    private func add(_ entry: Entry) {
        addedCount += 1
        entry.sequence = addedCount
        entries.append(entry)
        byID[entry.item.id] = entry
        lanes[entry.policy.lane, default: []].append(entry)
    }

    /// Takes `entry` out of `list`, whose entries are in the order they joined the queue (a binary
    /// search on that order finds it).
    private static func remove(_ entry: Entry, from list: inout [Entry]) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].sequence < entry.sequence { low = middle + 1 } else { high = middle }
        }
        if low < list.count, list[low] === entry { list.remove(at: low) }
    }

    private func set(_ entry: Entry, _ state: SendState) {
        guard entry.state != state else { return }
        entry.state = state
        onChange(entry.item, state)
    }

    /// Save number `number` is done: the changes made while it was written are saved now, and the
    /// owner hears if items it held may go.
    private func saveFinished(_ number: Int, _ result: Result<Void, StoreError>) {
        if case .failure(let error) = result { onSaveFailed(error) }
        isWriting = false
        let previous = savesFinished
        savesFinished = max(savesFinished, number)
        if hasUnsavedChanges {
            hasUnsavedChanges = false
            persist()
        }
        // A save finished while it was being handed over (a store in memory) frees nothing to tell:
        // the caller sends afterwards.
        guard !isSaving else { return }
        if entries.contains(where: { $0.heldBySave > previous && $0.heldBySave <= number }) { onReady() }
    }

    /// Cancels every retry waiting on a timer or for the network: the owner ended. The items stay
    /// saved for the next run.
    func cancelRetries() {
        for entry in entries {
            entry.retry?.cancel()
            entry.retry = nil
        }
    }

    private func retryDue(_ id: String) {
        guard let entry = byID[id] else { return }
        entry.retry = nil
        set(entry, .waiting)
        onReady()
    }
}
