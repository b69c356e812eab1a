import Foundation
import Synchronization

/// Makes client ids (swipe ids, transaction ids), injected so tests get the same ids every run.
public protocol IDGenerator: Sendable {
    /// A new id, never returned before by this generator.
    func next() -> String
}

/// Ids `<prefix>-1`, `<prefix>-2`, ...: deterministic, for tests, scenarios and the demo.
///
/// Share one instance across relaunches so ids stay unique over the whole run.
public final class SequentialIDGenerator: IDGenerator {
    private let prefix: String
    private let counter = Atomic<Int>(0)

    /// Creates a generator.
    public init(prefix: String) { self.prefix = prefix }

    /// The next id in sequence.
    public func next() -> String {
        let value = counter.add(1, ordering: .relaxed).newValue
        return "\(prefix)-\(value)"
    }
}

/// Random UUIDs, for real use.
public struct UUIDGenerator: IDGenerator {
    /// Creates a generator.
    public init() {}

    /// A new random UUID string.
    public func next() -> String { UUID().uuidString.lowercased() }
}
