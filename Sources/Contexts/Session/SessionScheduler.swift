import Dispatch
import Foundation
import Services

/// The clock of one signed-in session: every timer of a session-scoped context is set through it.
///
/// It forwards to the app's scheduler and adds one thing: each timer it sets holds it, so while a
/// timer of the session is pending this object stays alive. When the session ends, its contexts
/// cancel their timers as they go; a timer one of them forgot keeps this clock alive, and the
/// lifecycle check (weak references, no waiting) names it. Work handed to a queue (``run(on:_:then:)``)
/// is not a timer and does not hold it.
public final class SessionScheduler: Scheduler {
    /// The app's scheduler.
    public let base: any Scheduler

    /// Creates the clock of a session over the app's scheduler.
    public init(base: any Scheduler) {
        self.base = base
    }

    /// The app's clock.
    public var now: Date { base.now }

    /// Sets a timer on the app's scheduler that holds this clock until it runs or is cancelled.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
        base.schedule(after: delay) { [self] in
            withExtendedLifetime(self) { work() }
        }
    }

    /// Runs `work` on `queue`, then `completion` on the main actor, as the app's scheduler does.
    public func run<Value: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> Value,
        then completion: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        base.run(on: queue, work, then: completion)
    }
}
