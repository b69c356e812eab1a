import Foundation
import Models

/// A failure injected into the embedded server: which requests it meets, how it answers them, and
/// for how many or until when.
struct InjectedFailure {
    /// The endpoint whose requests fail; `nil` for any.
    var endpoint: EmbeddedEndpoint?
    /// What the client receives.
    var error: ServiceError
    /// How long the answer takes at least (a timeout's wait).
    var delay: Duration = .zero
    /// How many requests it still fails; `nil` while ``until`` bounds it.
    var remaining: Int?
    /// Until when every request fails; `nil` when counted.
    var until: Date?

    /// Whether it meets a request to `endpoint` at `now`.
    func meets(_ endpoint: EmbeddedEndpoint, at now: Date) -> Bool {
        (self.endpoint == nil || self.endpoint == endpoint) && !isOver(at: now)
    }

    /// Whether it fails nothing more.
    func isOver(at now: Date) -> Bool {
        if let remaining, remaining <= 0 { return true }
        if let until, until <= now { return true }
        return false
    }
}
