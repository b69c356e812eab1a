import Foundation
import Models

/// The decisions over a whole ``Models/SendQueue``, by ``Interactors/SendQueuePolicy``'s rules: each takes the
/// queue and an input and leaves the queue as the rules say.
extension SendQueue {
    /// What the policy knows of `entry`.
    static func policyEntry(_ entry: Entry) -> SendQueuePolicy.Entry {
        SendQueuePolicy.Entry(
            id: entry.item.id, lane: entry.item.lane, dependsOn: entry.item.dependsOn, state: entry.state,
            isBackingOff: entry.retryAt != nil, isSaved: entry.isSaved)
    }

    /// Puts items read from the store at the end, saved, each in `state` (waiting, unless given).
    public mutating func load(_ items: [Item], state: (Item) -> SendState = { _ in .waiting }) {
        entries += items.map { Entry(item: $0, state: state($0), isSaved: true) }
    }

    /// Adds `item` at the end of its lane, waiting, not saved yet.
    public mutating func enqueue(_ item: Item) {
        entries.append(Entry(item: item, state: .waiting, isSaved: false))
    }

    /// Changes a queued item (its dependency, say).
    public mutating func update(_ id: String, _ change: (inout Item) -> Void) {
        guard let index = index(of: id) else { return }
        change(&entries[index].item)
    }

    /// A save holding the items with ids `ids` finished: they may be sent.
    public mutating func saved(_ ids: Set<String>) {
        for index in entries.indices where ids.contains(entries[index].item.id) {
            entries[index].isSaved = true
        }
    }

    /// The items to send now, marked sending: in each lane, the item whose turn has come
    /// (``Interactors/SendQueuePolicy/turn(of:dependency:)``), once a finished save holds it. The waiting items
    /// whose dependency was refused for good are refused first, with its reason.
    public mutating func take(dependency: (String) -> SendQueuePolicy.Dependency) -> [Item] {
        // Only a waiting item can go, or be refused for its dependency.
        guard entries.contains(where: { $0.state == .waiting }) else { return [] }
        var policy = entries.map(Self.policyEntry)
        for (id, reason) in SendQueuePolicy.orphaned(policy, dependency: dependency) {
            guard let index = policy.firstIndex(where: { $0.id == id }) else { continue }
            entries[index].state = .failed(reason: reason, retryable: false)
            policy[index].state = entries[index].state
        }
        let ready = Set(SendQueuePolicy.ready(policy, dependency: dependency))
        var taken: [Item] = []
        for index in entries.indices where ready.contains(entries[index].item.id) {
            entries[index].state = .sending
            taken.append(entries[index].item)
        }
        return taken
    }

    /// The server has the item: it leaves the queue; returns it.
    @discardableResult
    public mutating func succeeded(_ id: String) -> Item? {
        remove(id)?.item
    }

    /// An attempt failed with `error` at `now`: retried later (its lane waits until
    /// ``Entry/retryAt``, after ``Interactors/RetryPolicy``'s delay or a rate limit's longer wait), given up (Retry / Delete) or refused for good, as
    /// ``Interactors/SendQueuePolicy/verdict(after:attempt:)`` says; returns the verdict.
    @discardableResult
    public mutating func failed(_ id: String, with error: ServiceError, at now: Date) -> SendQueuePolicy
        .Verdict?
    {
        guard let index = index(of: id) else { return nil }
        // Refused for good while on its way (its conversation ended): it stays refused.
        if case .failed(let reason, false) = entries[index].state { return .refuse(reason: reason) }
        entries[index].attempts += 1
        let attempt = entries[index].attempts
        let counted =
            error == .networkUnavailable ? min(attempt, SendQueuePolicy.maximumAttempts - 1) : attempt
        let verdict = SendQueuePolicy.verdict(after: error, attempt: counted)
        switch verdict {
        case .retry(let reason):
            entries[index].state = .failed(reason: reason, retryable: true)
            entries[index].retryAt = now + RetryPolicy.delay(after: error, attempt: attempt).timeInterval
            entries[index].failedOffline = error == .networkUnavailable
        case .giveUp(let reason):
            entries[index].state = .failed(reason: reason, retryable: true)
            entries[index].retryAt = nil
            entries[index].failedOffline = false
        case .refuse(let reason):
            refuse(id, reason: reason)
        }
        return verdict
    }

    /// Fails the item for good with `reason`: it is never retried.
    public mutating func refuse(_ id: String, reason: String) {
        guard let index = index(of: id) else { return }
        entries[index].state = .failed(reason: reason, retryable: false)
        entries[index].retryAt = nil
        entries[index].failedOffline = false
    }

    /// The retry of the item with id `id` is due: it waits for its turn again.
    public mutating func retryDue(_ id: String) {
        guard let index = index(of: id), entries[index].retryAt != nil else { return }
        entries[index].retryAt = nil
        entries[index].failedOffline = false
        entries[index].state = .waiting
    }

    /// The user asked to try the items with ids `ids` again (those that may succeed): waiting again,
    /// their count of attempts back to zero.
    public mutating func retry(_ ids: [String]) {
        for index in entries.indices where ids.contains(entries[index].item.id) {
            guard case .failed(_, true) = entries[index].state else { continue }
            entries[index].retryAt = nil
            entries[index].failedOffline = false
            entries[index].attempts = 0
            entries[index].state = .waiting
        }
    }

    /// Takes the item with id `id` out of the queue; returns its entry.
    @discardableResult
    public mutating func remove(_ id: String) -> Entry? {
        guard let index = index(of: id) else { return nil }
        return entries.remove(at: index)
    }

    private func index(of id: String) -> Int? {
        entries.firstIndex { $0.item.id == id }
    }
}
