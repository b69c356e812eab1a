import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the benchmark times things: runs of many operations, the sides of a comparison taking turns.
///
/// A *side* is a closure that does `count` operations and returns how long the part it times took
/// (its set-up, if any, is left out: see ``time(_:)``). ``interleaved(_:operations:repetitions:)``
/// runs every side once to warm up, then runs them in turn, A B A B …, so that whatever slows the
/// machine for a while slows both sides alike; each run gives one sample, its time per operation,
/// and each side's result is the median of its samples.
enum Measure {
    /// Does `count` operations and returns the time of the part it measured.
    typealias Side = @MainActor (_ count: Int) -> Duration

    /// The time `body` takes on the monotonic clock.
    @MainActor
    static func time(_ body: () -> Void) -> Duration {
        ContinuousClock().measure(body)
    }

    /// The time `body` takes on the monotonic clock (`wall`) and the CPU time the calling thread spent
    /// in it (`thread`): what it computed, not what it waited for.
    @MainActor
    static func times(_ body: () -> Void) -> (wall: Duration, thread: Duration) {
        let threadStart = threadTime()
        let wall = ContinuousClock().measure(body)
        return (wall, threadTime() - threadStart)
    }

    /// The CPU time the calling thread has used.
    static func threadTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// The median nanoseconds per operation of each side, in the order given.
    @MainActor
    static func interleaved(_ sides: [Side], operations: Int, repetitions: Int) -> [Double] {
        for side in sides { _ = side(max(1, operations / 10)) }
        var samples = Array(repeating: [Double](), count: sides.count)
        for _ in 0..<max(1, repetitions) {
            for (index, side) in sides.enumerated() {
                samples[index].append(nanoseconds(side(operations)) / Double(operations))
            }
        }
        return samples.map(median)
    }

    /// The median nanoseconds per operation of one side.
    @MainActor
    static func median(_ side: @escaping Side, operations: Int, repetitions: Int) -> Double {
        interleaved([side], operations: operations, repetitions: repetitions)[0]
    }

    /// The middle value (the upper middle of an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// A duration in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
