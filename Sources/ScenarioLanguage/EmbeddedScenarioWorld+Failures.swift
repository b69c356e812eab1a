import EmbeddedBackend
import Foundation
import Models

/// `server fails … with <kind>` on the embedded server.
extension EmbeddedScenarioWorld {
    /// Makes the requests to an endpoint that `span` says fail as `failure` says: the next n, or
    /// every one for a while from now on the virtual clock.
    public func fail(_ endpoint: String, with failure: EmbeddedFailure, span: FailureSpan)
        throws(ScenarioRunError)
    {
        guard let target = EmbeddedEndpoint(rawValue: endpoint) else {
            throw ScenarioRunError("unknown endpoint \(endpoint)")
        }
        app.given(ScenarioStep.serverFails(endpoint, failure, span).scenarioLine) { server in
            switch span {
            case .times(let count): server.failRequests(to: target, with: failure, times: count)
            case .lasting(let duration):
                server.failRequests(
                    to: target, with: failure, until: server.scheduler.now + duration.timeInterval)
            }
        }
    }
}
