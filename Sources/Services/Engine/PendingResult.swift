import Dispatch
import Synchronization

/// A value another thread will produce, waited for where it is needed.
///
/// Filled once with ``fulfil(_:)``; ``wait()`` blocks until then and answers it.
final class PendingResult<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// Stores the value and wakes the waiter.
    func fulfil(_ produced: Value) {
        value.withLock { $0 = produced }
        ready.signal()
    }

    /// The value, once produced (blocks until then).
    func wait() -> Value {
        ready.wait()
        // Filled before the signal; the semaphore is signalled once, so only one waiter gets here.
        return value.withLock { stored in
            guard let produced = stored else { preconditionFailure("signalled without a value") }
            return produced
        }
    }
}
