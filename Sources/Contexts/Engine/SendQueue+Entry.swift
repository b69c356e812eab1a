import Interactors
import Models
import Services

extension SendQueue {
    /// One queued item and where it is: the queue's record of it, changed in place.
    final class Entry {
        /// The item.
        var item: Item {
            didSet { policy.dependsOn = item.dependsOn }
        }
        /// The failed attempts so far.
        var attempts = 0
        /// Its scheduled retry, if one is.
        var retry: ScheduledTask? {
            didSet { policy.isBackingOff = retry != nil }
        }
        /// The number of the first save that holds it (0: read from the store).
        let heldBySave: Int
        /// Its place in the order items joined the queue.
        var sequence = 0
        /// What the policy knows of it: its id, lane, dependency, state and whether it backs off.
        private(set) var policy: SendQueuePolicy.Entry

        /// Where it is.
        var state: SendState {
            get { policy.state }
            set { policy.state = newValue }
        }

        /// Whether the queue gave up on it for now (failed after its bounded retries, none scheduled):
        /// it waits for ``SendQueue/retry(_:)``.
        var isGivenUp: Bool {
            guard case .failed(_, true) = state else { return false }
            return retry == nil
        }

        /// Creates the entry of `item`, in `state`, first held by save number `heldBySave`.
        init(item: Item, state: SendState, heldBySave: Int) {
            self.item = item
            self.heldBySave = heldBySave
            policy = SendQueuePolicy.Entry(
                id: item.id, lane: item.lane, dependsOn: item.dependsOn, state: state, isBackingOff: false)
        }

        deinit {
            retry?.cancel()
        }
    }
}
