import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What this process has cost so far: CPU time of every thread and of the calling thread, and peak
/// resident memory.
enum ProcessUsage {
    /// The process's CPU time (user and system, every thread), in seconds.
    static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(Self.ownProcess, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The calling thread's CPU time, in seconds.
    static var threadCPUSeconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The process's peak resident memory so far, in bytes.
    static var peakMemoryBytes: Int {
        var usage = rusage()
        getrusage(Self.ownProcess, &usage)
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)
        #else
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    #if canImport(Glibc)
        private static let ownProcess = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        private static let ownProcess = RUSAGE_SELF
    #endif

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}
