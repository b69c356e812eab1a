import HeadlessFrontEnd
import MatrixBackend
import Services

/// The Matrix backend as a headless driver runs it: on the wall clock, against a live homeserver.
extension MatrixBackend: HeadlessBackend {
    /// The wall clock.
    public var clock: any Scheduler { scheduler }

    /// Waits until no request of this backend is in flight (at most 30 seconds).
    public func settle() { settle(timeout: .seconds(30)) }

    /// Lets real time pass, delivering answers and events as they arrive, then settles.
    public func advance(by duration: Duration) {
        scheduler.pump(for: duration)
        settle(timeout: .seconds(30))
    }
}
