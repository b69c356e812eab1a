import Foundation

/// A value shared between threads, read and changed only under its lock.
///
/// The lock is an `NSLock` rather than a `Mutex`: on Linux, ThreadSanitizer cannot follow a
/// contended `Mutex` handing over (it reports races that are not there), while it follows `NSLock`.
/// For state that the main actor and a queue of work both take often, as ``DiskWriter``'s.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the box holding `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value under the lock and answers what it returns.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
