import Foundation
import Models

/// Failures injected by kind: the next requests to an endpoint, or every one until a time, fail as
/// an ``EmbeddedFailure`` says.
extension EmbeddedServer {
    /// Makes the next `times` requests to `endpoint` fail with `failure`.
    ///
    /// Each request meets the oldest failure injected for its endpoint (or for any endpoint) first;
    /// a request that fails is counted but not applied.
    public func failRequests(to endpoint: EmbeddedEndpoint, with failure: EmbeddedFailure, times: Int = 1) {
        guard times > 0 else { return }
        state.withLock {
            $0.injectedFailures.append(
                InjectedFailure(
                    endpoint: endpoint, error: failure.error, delay: failure.delay, remaining: times))
        }
    }

    /// Makes every request to `endpoint` fail with `failure` until `date` on the server's clock.
    ///
    /// A request made at `date` or later is answered as usual.
    public func failRequests(to endpoint: EmbeddedEndpoint, with failure: EmbeddedFailure, until date: Date) {
        state.withLock {
            $0.injectedFailures.append(
                InjectedFailure(endpoint: endpoint, error: failure.error, delay: failure.delay, until: date))
        }
    }

    /// The failure a request to `endpoint` at `now` meets, if one was injected for it; spends one of
    /// a counted failure and forgets those that are over.
    func takeInjectedFailure(for endpoint: EmbeddedEndpoint, at now: Date, in state: inout State)
        -> InjectedFailure?
    {
        state.injectedFailures.removeAll { $0.isOver(at: now) }
        guard let index = state.injectedFailures.firstIndex(where: { $0.meets(endpoint, at: now) }) else {
            return nil
        }
        let failure = state.injectedFailures[index]
        if let remaining = failure.remaining {
            state.injectedFailures[index].remaining = remaining - 1
            if remaining <= 1 { state.injectedFailures.remove(at: index) }
        }
        return failure
    }
}
