import Foundation
import Models
import Services

// The requests a session makes most (swipes, messages, typing and read receipts, sign-out, pages of
// candidates) answer with a swipe's outcome, a message, a page or nothing. Their completions arrive
// with a concrete type; handed to the generic `perform` they were re-wrapped in a thunk taking the
// result indirectly, allocated on every request. These overloads, preferred to the generic ones, deliver to the completion as it is;
// they answer exactly as the generic ones do (`answer`), and deliver the same way.
extension EmbeddedServer {
    /// ``performAuthorized(_:accessToken:completion:handler:)`` for a swipe's outcome, without the
    /// thunk a generic completion needs.
    @inline(__always)
    func performAuthorized(
        _ endpoint: EmbeddedEndpoint, accessToken: String,
        completion: @escaping ServiceCompletion<SwipeOutcome>,
        handler: (inout State, UserID, Date) -> Result<SwipeOutcome, ServiceError>
    ) {
        var delivery = Delivery(latency: noLatency, count: 1)
        let result = answer(endpoint, accessToken: accessToken, delivery: &delivery, handler: handler)
        // A swipe recorded (nearly every one) goes to the scheduler as the completion itself
        // (``Scheduler/deliverRecorded(after:to:)``), without a closure holding the answer.
        if case .success(.recorded) = result {
            if delivery.count > 1 { scheduler.deliverRecorded(after: delivery.latency, to: completion) }
            return scheduler.deliverRecorded(after: delivery.latency, to: completion)
        }
        // The usual single delivery is queued last, taking the result over rather than copying it.
        if delivery.count > 1 { scheduler.deliver(after: delivery.latency) { completion(result) } }
        scheduler.deliver(after: delivery.latency) { completion(result) }
    }

    /// ``performAuthorized(_:accessToken:completion:handler:)`` for a message, without the thunk a
    /// generic completion needs.
    @inline(__always)
    func performAuthorized(
        _ endpoint: EmbeddedEndpoint, accessToken: String,
        completion: @escaping ServiceCompletion<Message>,
        handler: (inout State, UserID, Date) -> Result<Message, ServiceError>
    ) {
        var delivery = Delivery(latency: noLatency, count: 1)
        let result = answer(endpoint, accessToken: accessToken, delivery: &delivery, handler: handler)
        // The usual single delivery is queued last, taking the result over rather than copying it.
        if delivery.count > 1 { scheduler.deliver(after: delivery.latency) { completion(result) } }
        scheduler.deliver(after: delivery.latency) { completion(result) }
    }

    /// ``performAuthorized(_:accessToken:completion:handler:)`` for a page of candidates, without the
    /// thunk a generic completion needs.
    @inline(__always)
    func performAuthorized(
        _ endpoint: EmbeddedEndpoint, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>,
        handler: (inout State, UserID, Date) -> Result<DiscoveryPage, ServiceError>
    ) {
        var delivery = Delivery(latency: noLatency, count: 1)
        let result = answer(endpoint, accessToken: accessToken, delivery: &delivery, handler: handler)
        // The usual single delivery is queued last, taking the result over rather than copying it.
        if delivery.count > 1 { scheduler.deliver(after: delivery.latency) { completion(result) } }
        scheduler.deliver(after: delivery.latency) { completion(result) }
    }

    /// ``performAuthorized(_:accessToken:completion:handler:)`` for an answer without a value, without
    /// the thunk a generic completion needs.
    @inline(__always)
    func performAuthorized(
        _ endpoint: EmbeddedEndpoint, accessToken: String,
        completion: @escaping ServiceCompletion<Void>,
        handler: (inout State, UserID, Date) -> Result<Void, ServiceError>
    ) {
        var delivery = Delivery(latency: noLatency, count: 1)
        let result = answer(endpoint, accessToken: accessToken, delivery: &delivery, handler: handler)
        // The usual single delivery is queued last, taking the result over rather than copying it.
        deliver(result, after: delivery, to: completion)
    }

    /// ``perform(_:completion:handler:)`` for an answer without a value, without the thunk a generic
    /// completion needs.
    @inline(__always)
    func perform(
        _ endpoint: EmbeddedEndpoint,
        completion: @escaping ServiceCompletion<Void>,
        handler: (inout State, Date) -> Result<Void, ServiceError>
    ) {
        var delivery = Delivery(latency: noLatency, count: 1)
        let result = answer(endpoint, delivery: &delivery, handler: handler)
        // The usual single delivery is queued last, taking the result over rather than copying it.
        deliver(result, after: delivery, to: completion)
    }

    /// Delivers an answer without a value as the generic `perform` does; a success goes to the
    /// scheduler as the completion itself (``Scheduler/deliverSuccess(after:to:)``), without a
    /// closure around it.
    @inline(__always)
    private func deliver(
        _ result: Result<Void, ServiceError>, after delivery: Delivery,
        to completion: @escaping ServiceCompletion<Void>
    ) {
        guard case .success = result else {
            if delivery.count > 1 { scheduler.deliver(after: delivery.latency) { completion(result) } }
            return scheduler.deliver(after: delivery.latency) { completion(result) }
        }
        if delivery.count > 1 { scheduler.deliverSuccess(after: delivery.latency, to: completion) }
        scheduler.deliverSuccess(after: delivery.latency, to: completion)
    }
}
