import Foundation

/// One driver process of a load run: plays its share of the people, each a whole engine on this
/// process's main thread, through the day and the final checks' readings, and writes a report
/// (``LoadDriverReport``) for the parent.
///
/// The phases, each bounded in time, with every driver meeting the others between them
/// (a `LoadBarrier` of files): the day (each person's script, step after step, each due at its time); the
/// drain (everyone online, until no queue holds an item); the deliveries (until each person's app
/// showed every message sent to them); the views (the app's, each conversation's history loaded,
/// and the server's); the reading (everyone opens every conversation) and the receipts.
@MainActor
public final class LoadDriver {
    let assignment: LoadAssignment
    let plan: LoadPlan
    let people: [LoadPerson]
    let barrier: LoadBarrier
    let log: (String) -> Void
    private let baselineMemory: Int

    /// How long a step may wait for what it needs before it is given up.
    static let stepPatience = 30.0
    /// How long after the day's end steps still due are done, before the rest are given up.
    static let lateness = 60.0
    /// How long each phase after the day may take.
    static let phaseLimit = 60.0
    /// How long drivers wait for each other at a meeting point.
    static let meetingLimit = 240.0

    /// A driver for `assignment`, telling its progress to `log`.
    public init(assignment: LoadAssignment, log: @escaping (String) -> Void) {
        baselineMemory = ProcessUsage.peakMemoryBytes
        self.assignment = assignment
        self.log = log
        let options = assignment.options
        let plan = LoadPlanner.plan(
            people: options.people, daySeconds: options.minutes * 60, seed: options.seed)
        self.plan = plan
        barrier = LoadBarrier(folder: assignment.folder, drivers: options.drivers, driver: assignment.driver)
        people = assignment.people.map { index in
            LoadPerson(
                index: index, script: plan.scripts[index], homeserver: options.homeserver,
                namespace: assignment.namespace,
                folder: assignment.folder.appendingPathComponent("person-\(index)", isDirectory: true))
        }
    }

    /// Runs the day and the readings and writes the report; 0 when the report was written.
    public func run() -> Int32 {
        for person in people { person.launch() }
        let start = Date(timeIntervalSince1970: assignment.start)
        pump(until: { Date() >= start }, timeout: max(0, start.timeIntervalSinceNow) + 1)
        let cpuAtStart = ProcessUsage.cpuSeconds
        let mainAtStart = ProcessUsage.threadCPUSeconds
        runDay(from: start)
        drain()
        let cpu = ProcessUsage.cpuSeconds - cpuAtStart
        let main = ProcessUsage.threadCPUSeconds - mainAtStart
        let wall = Date().timeIntervalSince(start)
        awaitDeliveries()
        readViews()
        readEverything()
        for person in people {
            person.facts.leftInQueues = person.leftInQueues
            person.facts.syncBytes = person.connection.http.syncBytesReceived
            person.facts.bytes = person.connection.http.bytesReceived
        }
        let report = LoadDriverReport(
            driver: assignment.driver, people: people.map(\.facts), cpuSeconds: cpu, mainThreadSeconds: main,
            wallSeconds: wall, peakMemoryBytes: ProcessUsage.peakMemoryBytes,
            baselineMemoryBytes: baselineMemory)
        do {
            try write(report, to: LoadAssignment.reportFile(in: assignment.folder, driver: assignment.driver))
        } catch {
            log("driver \(assignment.driver): could not write its report: \(error)")
            return 1
        }
        for person in people { person.terminate() }
        return 0
    }

    // MARK: Waiting

    /// Runs the main run loop (the engines' answers, events and timers) until `condition` holds or
    /// `timeout` seconds passed; `false` on time-out.
    @discardableResult
    func pump(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            _ = RunLoop.main.run(mode: .default, before: min(deadline, Date().addingTimeInterval(0.05)))
        }
        return true
    }

    /// Marks `phase` done and waits for every other driver to.
    func meet(_ phase: String) {
        barrier.arrive(phase)
        if !pump(until: { barrier.everyoneArrived(at: phase) }, timeout: Self.meetingLimit) {
            log("driver \(assignment.driver): the other drivers did not finish '\(phase)' in time")
        }
    }

    /// Writes `value` as JSON, atomically and owner-only.
    func write(_ value: some Encodable, to file: URL) throws {
        try JSONEncoder().encode(value).write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }
}
