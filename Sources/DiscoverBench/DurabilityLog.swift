import Foundation
import Models
import Services
import Synchronization

/// How long the items of the journey with file stores took to be durable: from the moment a swipe
/// or message was made (its id handed out, ``TimedIDs``) to the completion, on the main actor, of
/// the first save that held it.
///
/// ``TimedUserDataStore`` wraps the backend's file stores and reports each save's items here. A
/// queue writes one save at a time and saves the changes made meanwhile together afterwards, so an
/// item's time includes its wait for the save before.
final class DurabilityLog: Sendable {
    private struct State {
        /// When each item not durable yet was made, by id.
        var made: [String: ContinuousClock.Instant] = [:]
        /// Nanoseconds from an item's making to its being durable, one per item.
        var samples: [Double] = []
    }

    private let state = Mutex(State())

    /// Nanoseconds from an item's making to its being durable, one per item.
    var samples: [Double] { state.withLock { $0.samples } }

    /// Notes that the item with id `id` was made now.
    func made(_ id: String) { state.withLock { $0.made[id] = .now } }

    /// Notes a save's completion: the items it held that were not durable yet are now.
    func finished(holding ids: [String]) {
        let now = ContinuousClock.now
        state.withLock { state in
            for id in ids {
                guard let made = state.made.removeValue(forKey: id) else { continue }
                state.samples.append(Measure.nanoseconds(made.duration(to: now)))
            }
        }
    }
}

/// Client ids whose making is noted in a ``DurabilityLog``.
struct TimedIDs: IDGenerator {
    let base: any IDGenerator
    let log: DurabilityLog

    func next() -> String {
        let id = base.next()
        log.made(id)
        return id
    }
}

/// The backend's user data store, each queue save timed into a ``DurabilityLog``.
struct TimedUserDataStore: UserDataStore {
    let base: any UserDataStore
    let log: DurabilityLog

    func queue<Item: QueueItem>(named name: String, of type: Item.Type, for user: UserID)
        throws(StoreError) -> any QueueStore<Item>
    {
        Queue(base: try base.queue(named: name, of: type, for: user), log: log)
    }

    @MainActor
    func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        base.removeAll(for: user, completion: completion)
    }

    /// A queue whose saves are timed.
    struct Queue<Item: QueueItem>: QueueStore {
        let base: any QueueStore<Item>
        let log: DurabilityLog

        func load() -> LoadedItems<Item> { base.load() }

        @MainActor
        func save(_ items: [Item], completion: @escaping StoreCompletion) {
            base.save(items) { [log] result in
                log.finished(holding: items.map(\.id))
                completion(result)
            }
        }
    }
}
