import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small benchmark harness: warm-up, repetitions, median/min/max on a monotonic clock, memory.
enum BenchHarness {
    /// One measured figure, in nanoseconds per operation.
    struct Figure {
        let name: String
        let median: Double
        let minimum: Double
        let maximum: Double

        var line: String {
            "\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) median \(format(median))  min \(format(minimum))  max \(format(maximum))"
        }
    }

    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `body(operations)` once to warm up, then `repetitions` times; each run's time divided by
    /// `operations` is one sample.
    @MainActor
    static func measure(_ name: String, operations: Int, repetitions: Int, _ body: (Int) -> Void) -> Figure {
        body(max(1, operations / 10))
        var samples: [Double] = []
        for _ in 0..<max(1, repetitions) {
            let start = now()
            body(operations)
            samples.append(Double(now() - start) / Double(max(1, operations)))
        }
        samples.sort()
        return Figure(
            name: name, median: samples[samples.count / 2], minimum: samples.first ?? 0,
            maximum: samples.last ?? 0)
    }

    /// A stopwatch a measured body starts and stops around the part it times, leaving its set-up out.
    final class Clock {
        private var started: UInt64?
        /// The time between starts and stops so far.
        private(set) var elapsed: UInt64 = 0

        /// Starts (or restarts) timing.
        func start() { started = BenchHarness.now() }

        /// Stops timing and adds the time since the last start.
        func stop() {
            if let started { elapsed += BenchHarness.now() - started }
            started = nil
        }
    }

    /// Like ``measure(_:operations:repetitions:_:)``, but only the time between the body's
    /// `clock.start()` and `clock.stop()` counts: for bodies with a set-up of their own.
    @MainActor
    static func measure(
        _ name: String, operations: Int, repetitions: Int, _ body: (Int, Clock) -> Void
    ) -> Figure {
        body(max(1, operations / 10), Clock())
        var samples: [Double] = []
        for _ in 0..<max(1, repetitions) {
            let clock = Clock()
            body(operations, clock)
            samples.append(Double(clock.elapsed) / Double(max(1, operations)))
        }
        samples.sort()
        return Figure(
            name: name, median: samples[samples.count / 2], minimum: samples.first ?? 0,
            maximum: samples.last ?? 0)
    }

    /// The resident set size now, in bytes (from /proc/self/statm), or 0 where unavailable.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The peak resident set size so far, in bytes (getrusage).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    static func format(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1_000_000 { return String(format: "%9.2f ms", nanoseconds / 1_000_000) }
        if nanoseconds >= 1_000 { return String(format: "%9.2f µs", nanoseconds / 1_000) }
        return String(format: "%9.1f ns", nanoseconds)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    /// A difference in megabytes with its sign: "+1.5 MB", "-0.3 MB".
    static func signedMegabytes(_ bytes: Int) -> String { (bytes < 0 ? "" : "+") + megabytes(bytes) }

    /// The bytes the allocator has handed out and not had back, from glibc's `malloc_info`: the
    /// arenas' size less their free chunks, plus blocks mapped on their own; `nil` where unavailable.
    ///
    /// Unlike the resident set, it drops as soon as memory is freed, whether or not the allocator
    /// returns the pages to the system. (`malloc.h` is not part of Swift's Glibc module, so the
    /// function is looked up by name.)
    static func liveHeapBytes() -> Int? {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "malloc_info") else { return nil }
            typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
            let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
            var buffer: UnsafeMutablePointer<CChar>?
            var length = 0
            guard let stream = open_memstream(&buffer, &length) else { return nil }
            _ = mallocInfo(0, stream)
            fclose(stream)
            defer { free(buffer) }
            guard let buffer else { return nil }
            let xml = String(cString: buffer)
            // The totals over every arena follow the last arena's element.
            let totals =
                xml.range(of: "</heap>", options: .backwards).map { xml[$0.upperBound...] } ?? xml[...]
            func size(_ element: String) -> Int? {
                guard let start = totals.range(of: element),
                    let value = totals[start.upperBound...].range(of: "size=\"")
                else { return nil }
                return Int(totals[value.upperBound...].prefix { $0.isNumber })
            }
            guard let system = size("<system type=\"current\""), let fast = size("<total type=\"fast\""),
                let rest = size("<total type=\"rest\""), let mapped = size("<total type=\"mmap\"")
            else { return nil }
            return system - fast - rest + mapped
        #else
            return nil
        #endif
    }

    /// Asks the allocator to return its free pages to the system (glibc's `malloc_trim(0)`); `false`
    /// where unavailable.
    @discardableResult
    static func trimHeap() -> Bool {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "malloc_trim") else { return false }
            typealias MallocTrim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
            return true
        #else
            return false
        #endif
    }
}
