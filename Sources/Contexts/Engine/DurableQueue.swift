import Foundation
import Interactors
import Models
import Services

/// Runs one kind of durable work for a context: the items wait in a ``Models/SendQueue`` that is
/// part of the context's state, and this saves them before they are sent, sends each whose turn has
/// come, takes the answers and arms the retries.
///
/// The one reusable piece behind the swipe queue and the outbox, and behind any new kind of durable
/// work: a context asks the user's data store for a queue by name
/// (``Services/UserDataStore/queue(named:of:for:)``) and makes one of these over it, at a key path
/// of its state, with a sender. Decisions (which item goes, what a failure means) are
/// ``Interactors/SendQueuePolicy``'s. Every change of what is kept is saved (the disk writer groups
/// saves made in a row); an item is sent only once a finished save holds it, so the server never holds
/// an item the disk does not. A failure for now is retried when ``Models/SendQueue/Entry/retryAt`` comes
/// (if the device is offline then, when the network returns); a failure for want of network, while
/// the device reports it offline, as soon as the network returns: a
/// rule of the state alone, so a queue armed again from it (``resume()``) retries as the original
/// would. The timers are kept in the context's ``CancelBag``, so ending the context stops them.
@MainActor
public final class DurableQueue<State: Sendable & Equatable, Item: QueueItem, Answer: Sendable> {
    /// Sends an item; the answer goes to the completion, on the main actor.
    public typealias Sender =
        @MainActor (Item, _ completion: @escaping @MainActor @Sendable (Result<Answer, ServiceError>) -> Void)
        ->
        Void

    private let store: StateStore<State>
    private let path: WritableKeyPath<State, SendQueue<Item>>
    private let file: (any QueueStore<Item>)?
    private let scheduler: any Scheduler
    private let network: any NetworkMonitor
    private let tasks: CancelBag
    /// Sends an item: the owner's request to its server (set once, right after making the queue).
    public var send: Sender = { _, completion in completion(.failure(.server("Nothing sends this queue"))) }
    /// Where an item that items of this queue depend on is (another queue's); settled by default.
    public var dependency: (String) -> SendQueuePolicy.Dependency = { _ in .settled }
    /// What is written for an entry (the chat writes a refusal into its message); the item by default.
    public var stored: (SendQueue<Item>.Entry) -> Item = { $0.item }
    /// Called when an entry's state changed (sending, failed, refused, waiting again); `nil` when
    /// nobody shows the entries' states one by one (the deck shows only counts).
    public var stateChanged: ((Item, SendState) -> Void)?
    /// Called with each answer once the queue took it: confirmed (the item left the queue) or failed,
    /// with the policy's verdict (`nil` when the session ended: the item stays for the next sign-in).
    public var answered: (Item, Result<Answer, ServiceError>, SendQueuePolicy.Verdict?) -> Void = { _, _, _ in
    }

    /// Creates the queue at `path` of `store`'s state, kept in `file` (memory only when `nil`),
    /// retried on `scheduler` or when `network` returns, its timers in `tasks`; set ``send`` before
    /// the first ``flush()``.
    public init(
        in store: StateStore<State>, at path: WritableKeyPath<State, SendQueue<Item>>,
        file: (any QueueStore<Item>)?, scheduler: any Scheduler, network: any NetworkMonitor,
        tasks: CancelBag
    ) {
        self.store = store
        self.path = path
        self.file = file
        self.scheduler = scheduler
        self.network = network
        self.tasks = tasks
    }

    /// The queue as it is now.
    public var queue: SendQueue<Item> { store.snapshot[keyPath: path] }

    // MARK: Inputs

    /// Reads the stored items into the queue (saved, each in `state`), reports a problem met reading
    /// them, and returns them.
    public func load(state: (Item) -> SendState = { _ in .waiting }) -> [Item] {
        let loaded = file?.load()
        if let problem = loaded?.problem { store.report(problem) }
        let items = loaded?.items ?? []
        commit { $0.load(items, state: state) }
        return items
    }

    /// Adds `item` at the end of its lane and saves the queue.
    public func enqueue(_ item: Item) {
        commit { $0.enqueue(item) }
        save()
    }

    /// Changes a queued item and saves the queue.
    public func update(_ id: String, _ change: (inout Item) -> Void) {
        commit { $0.update(id, change) }
        save()
    }

    /// Takes the item with id `id` out of the queue (its retry with it) and saves the queue.
    public func remove(_ id: String) {
        tasks.cancel(retryName(id))
        commit { $0.remove(id) }
        save()
    }

    /// Fails the item with id `id` for good with `reason` and saves the queue.
    public func refuse(_ id: String, reason: String) {
        tasks.cancel(retryName(id))
        commit { $0.refuse(id, reason: reason) }
        save()
    }

    /// The user asked to try the items with ids `ids` again: they wait for their turn, now.
    public func retry(_ ids: [String]) {
        for id in ids { tasks.cancel(retryName(id)) }
        commit { $0.retry(ids) }
        flush()
    }

    /// Sends every item whose turn has come; the waiting items whose dependency was refused for good
    /// are refused too (and saved so).
    public func flush() {
        var queue = self.queue
        let refusedBefore = queue.entries.count { $0.isRefused }
        let ready = queue.take(dependency: dependency)
        let refusedNow = queue.entries.count(where: { $0.isRefused }) != refusedBefore
        // Nothing went and nothing was refused: the queue is as it was.
        guard !ready.isEmpty || refusedNow else { return }
        commit { $0 = queue }
        if refusedNow { save() }
        for item in ready {
            send(item) { [weak self] result in self?.answer(item, result) }
        }
    }

    /// Saves the queue as it is: the one place that writes. When the save is durable, the items it
    /// held may be sent.
    public func save() {
        let queue = self.queue
        let ids = Set(queue.entries.map { $0.item.id })
        guard let file else { return saveFinished(ids, .success(())) }
        file.save(queue.entries.map(stored)) { [weak self] result in self?.saveFinished(ids, result) }
    }

    /// Arms the retry of every entry backing off, as the state says: after a copy of the state, or a
    /// relaunch that read it.
    public func resume() {
        for entry in queue.entries where entry.retryAt != nil { armRetry(entry.item.id) }
    }

    // MARK: Internals

    private func saveFinished(_ ids: Set<String>, _ result: Result<Void, StoreError>) {
        switch result {
        case .success:
            guard queue.entries.contains(where: { !$0.isSaved && ids.contains($0.item.id) }) else { return }
            store.batch {
                commit { $0.saved(ids) }
                flush()
            }
        case .failure(let error):
            // The items stay queued; the next change saves them again.
            store.report(error)
        }
    }

    /// Takes the answer to `item`, and what the owner makes of it, as one change of the state.
    private func answer(_ item: Item, _ result: Result<Answer, ServiceError>) {
        store.batch { take(result, to: item) }
    }

    private func take(_ result: Result<Answer, ServiceError>, to item: Item) {
        switch result {
        case .success:
            commit { $0.succeeded(item.id) }
            save()
            answered(item, result, nil)
        case .failure(.tokenExpired), .failure(.tokenRevoked):
            // The session ended: the item stays saved, sent again after the next sign-in.
            answered(item, result, nil)
            return
        case .failure(let error):
            var verdict: SendQueuePolicy.Verdict?
            let now = scheduler.now
            commit { verdict = $0.failed(item.id, with: error, at: now) }
            switch verdict {
            case .retry?: armRetry(item.id)
            case .refuse?: save()
            case .giveUp?, nil: break
            }
            answered(item, result, verdict)
        }
        flush()
    }

    private func armRetry(_ id: String) {
        guard let entry = queue.entry(id), let due = entry.retryAt else { return }
        if entry.failedOffline, !network.isReachable {
            return tasks.keep(network.whenReachable { [weak self] in self?.retryDue(id) }, as: retryName(id))
        }
        let timer = scheduler.schedule(after: .seconds(max(0, due.timeIntervalSince(scheduler.now)))) {
            [weak self] in self?.retryTime(id)
        }
        tasks.keep(timer, as: retryName(id))
    }

    /// The retry of `id` is due: now if the network can be reached, else when it returns.
    private func retryTime(_ id: String) {
        guard network.isReachable else {
            return tasks.keep(network.whenReachable { [weak self] in self?.retryDue(id) }, as: retryName(id))
        }
        retryDue(id)
    }

    private func retryDue(_ id: String) {
        tasks.cancel(retryName(id))
        store.batch {
            commit { $0.retryDue(id) }
            flush()
        }
    }

    private func retryName(_ id: String) -> String { "retry \(id)" }

    /// Changes the queue in the state with `body`, then tells ``stateChanged`` of every entry whose
    /// state changed.
    private func commit(_ body: (inout SendQueue<Item>) -> Void) {
        guard let stateChanged else { return store.update { body(&$0[keyPath: path]) } }
        let before = Dictionary(
            queue.entries.map { ($0.item.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        store.update { body(&$0[keyPath: path]) }
        for entry in queue.entries where before[entry.item.id].map({ $0 != entry.state }) ?? false {
            stateChanged(entry.item, entry.state)
        }
    }
}
