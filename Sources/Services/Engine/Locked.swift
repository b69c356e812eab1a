import Foundation

/// A value shared between threads, read and changed only under its lock.
///
/// The lock is an `NSLock` rather than a `Mutex`: on Linux, ThreadSanitizer cannot follow a
/// contended `Mutex` handing over (it reports races that are not there), while it follows `NSLock`.
/// For state that several threads take often: ``DiskWriter``'s (the main actor and its queue), an
/// HTTP server's connections (every connection's thread).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value under the lock and answers what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
