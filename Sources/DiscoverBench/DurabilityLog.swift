import Models
import Services

/// How long the items of the journey with file stores took to be durable: from the save that held
/// a new swipe or message (the user's action) to that save's completion on the main actor.
///
/// ``TimedUserDataStore`` wraps the backend's file stores and records each save's time here.
@MainActor
final class DurabilityLog {
    /// Nanoseconds from a save to its completion, one per save.
    private(set) var samples: [Double] = []
    /// Saves not completed yet.
    private(set) var outstanding = 0

    /// Notes a save made.
    func started() { outstanding += 1 }

    /// Records one save's completion.
    func record(since start: ContinuousClock.Instant) {
        outstanding -= 1
        samples.append(Measure.nanoseconds(start.duration(to: .now)))
    }

    /// Forgets the samples (the warm-up's).
    func reset() { samples = [] }
}

/// The backend's user data store, each queue save timed into a ``DurabilityLog``.
struct TimedUserDataStore: UserDataStore {
    let base: any UserDataStore
    let log: DurabilityLog

    func swipeQueue(for user: UserID) throws(StoreError) -> any SwipeQueueStore {
        Queue(base: try base.swipeQueue(for: user), log: log)
    }

    func outbox(for user: UserID) throws(StoreError) -> any OutboxStore {
        Outbox(base: try base.outbox(for: user), log: log)
    }

    @MainActor
    func removeAll(for user: UserID, completion: @escaping StoreCompletion) {
        base.removeAll(for: user, completion: completion)
    }

    /// A swipe queue whose saves are timed.
    struct Queue: SwipeQueueStore {
        let base: any SwipeQueueStore
        let log: DurabilityLog

        func load() -> LoadedItems<Swipe> { base.load() }

        @MainActor
        func save(_ swipes: [Swipe], completion: @escaping StoreCompletion) {
            let start = ContinuousClock.now
            log.started()
            base.save(swipes) { [log] result in
                log.record(since: start)
                completion(result)
            }
        }
    }

    /// An outbox whose saves are timed.
    struct Outbox: OutboxStore {
        let base: any OutboxStore
        let log: DurabilityLog

        func load() -> LoadedItems<OutgoingMessage> { base.load() }

        @MainActor
        func save(_ messages: [OutgoingMessage], completion: @escaping StoreCompletion) {
            let start = ContinuousClock.now
            log.started()
            base.save(messages) { [log] result in
                log.record(since: start)
                completion(result)
            }
        }
    }
}
