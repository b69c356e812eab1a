import Foundation
import Models
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
    /// The prefix and the dash, in UTF-8.
    private let head: [UInt8]
    private let counter = Atomic<Int>(0)

    /// Creates a generator.
    public init(prefix: String) { head = Array(prefix.utf8) + [UInt8(ascii: "-")] }

    /// The next id in sequence.
    ///
    /// Its bytes are written straight into the string (the same text as interpolating the prefix and
    /// the number, a few times cheaper): every message sent takes one.
    public func next() -> String {
        let value = counter.add(1, ordering: .relaxed).newValue
        let digits = TextBuilder.digitCount(of: value)
        return String(unsafeUninitializedCapacity: head.count + digits) { output in
            head.withUnsafeBytes { UnsafeMutableRawBufferPointer(output).copyMemory(from: $0) }
            let rest = UnsafeMutableRawBufferPointer(
                UnsafeMutableBufferPointer(rebasing: output[head.count...]))
            return head.count + TextBuilder.write(value, digits: digits, to: rest)
        }
    }
}

/// Random UUIDs, for real use.
public struct UUIDGenerator: IDGenerator {
    /// Creates a generator.
    public init() {}

    /// A new random UUID string.
    public func next() -> String { UUID().uuidString.lowercased() }
}
