import EmbeddedBackend
import Foundation
import Services

/// What a ``HeadlessDriver`` runs the engine on: services, a clock, and a way to let answers arrive
/// and time pass.
@MainActor
public protocol HeadlessBackend {
    /// The services for one app process (a relaunch asks again).
    func makeServices() -> AppServices
    /// The clock the transcript stamps entries with.
    var clock: any Scheduler { get }
    /// Runs what the last action started, so the next step sees its outcome.
    func settle()
    /// Lets `duration` pass, running everything that falls due.
    func advance(by duration: Duration)
}

extension EmbeddedBackend: HeadlessBackend {
    /// The virtual clock.
    public var clock: any Scheduler { scheduler }

    /// Runs the work due now on the virtual clock (responses with no latency).
    public func settle() { scheduler.runDue() }

    /// Moves the virtual clock.
    public func advance(by duration: Duration) { scheduler.advance(by: duration) }
}
