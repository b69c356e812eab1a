/// What one driver process reports to the parent: its people's facts and what the process cost.
public struct LoadDriverReport: Hashable, Codable, Sendable {
    /// The driver's number, from 0.
    public var driver: Int
    /// The facts of each of its people.
    public var people: [LoadPersonFacts]
    /// The process's CPU time (user and system, every thread), in seconds.
    public var cpuSeconds: Double
    /// The main thread's CPU time, in seconds: the driver's own loop and every engine's main-actor work.
    public var mainThreadSeconds: Double
    /// The wall time from the start of the day to the report, in seconds.
    public var wallSeconds: Double
    /// The process's peak resident memory, in bytes.
    public var peakMemoryBytes: Int
    /// The resident memory before any engine was made, in bytes.
    public var baselineMemoryBytes: Int

    /// Creates a report.
    public init(
        driver: Int, people: [LoadPersonFacts], cpuSeconds: Double, mainThreadSeconds: Double,
        wallSeconds: Double, peakMemoryBytes: Int, baselineMemoryBytes: Int
    ) {
        self.driver = driver
        self.people = people
        self.cpuSeconds = cpuSeconds
        self.mainThreadSeconds = mainThreadSeconds
        self.wallSeconds = wallSeconds
        self.peakMemoryBytes = peakMemoryBytes
        self.baselineMemoryBytes = baselineMemoryBytes
    }
}
