import Foundation
import MatrixBackend

/// The parent of a load run (`discover load`): makes the run's namespace and folder, starts the
/// driver processes (the same executable, `load-driver`), waits for them (bounded), reads their
/// reports, runs the final checks (``LoadCheck``) and prints the table (``LoadTable``).
public struct LoadRunner {
    /// The run's options.
    public var options: LoadOptions
    /// The executable to start the drivers with (`discover` itself).
    public var executable: URL
    /// Where the table and the verdict go.
    public var output: (String) -> Void
    /// Where progress and problems go.
    public var errors: (String) -> Void

    /// Seconds between starting the drivers and the start of the day: time to make the engines.
    static let startDelay = 5.0
    /// Seconds a driver may run after the day's end (the final checks' phases, each bounded).
    static let driverLimitAfterDay = 1_200.0

    /// Creates a runner.
    public init(
        options: LoadOptions, executable: URL, output: @escaping (String) -> Void,
        errors: @escaping (String) -> Void
    ) {
        self.options = options
        self.executable = executable
        self.output = output
        self.errors = errors
    }

    /// Runs the load run: 0 when nothing was lost, duplicated, reordered or left behind, 1 otherwise.
    public func run() -> Int32 {
        let namespace = MatrixConfiguration.randomNamespace(prefix: "l")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "discover-load-\(namespace)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            errors("discover load: cannot make \(folder.path): \(error)")
            return 1
        }
        let plan = LoadPlanner.plan(
            people: options.people, daySeconds: options.minutes * 60, seed: options.seed)
        errors(
            "discover load: \(options.people) people in \(options.drivers) drivers, a day of "
                + "\(Int(plan.daySeconds)) s: \(plan.actionCount) steps planned, \(plan.mutualPairs.count) "
                + "mutual likes, up to \(plan.messageCount) messages (seed \(options.seed))")
        let start = Date().timeIntervalSince1970 + Self.startDelay
        var problems: [LoadProblem] = []
        var processes: [Process] = []
        for driver in 0..<options.drivers {
            let process = Process()
            process.executableURL = executable
            process.arguments = driverArguments(
                driver: driver, namespace: namespace, folder: folder, start: start)
            do {
                try process.run()
                processes.append(process)
            } catch {
                problems.append(.driverMissing(driver: driver, reason: "could not start: \(error)"))
            }
        }
        let deadline = Date(timeIntervalSince1970: start + plan.daySeconds + Self.driverLimitAfterDay)
        while processes.contains(where: \.isRunning), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
        for process in processes where process.isRunning {
            errors("discover load: a driver (pid \(process.processIdentifier)) ran out of time; ending it")
            process.terminate()
        }
        var reports: [LoadDriverReport] = []
        for driver in 0..<options.drivers {
            let file = LoadAssignment.reportFile(in: folder, driver: driver)
            do {
                reports.append(try JSONDecoder().decode(LoadDriverReport.self, from: Data(contentsOf: file)))
            } catch {
                problems.append(
                    .driverMissing(driver: driver, reason: "no report (\(error.localizedDescription))"))
            }
        }
        problems += LoadCheck.problems(reports.flatMap(\.people))
        output(LoadTable.text(LoadFigures.from(reports, chatSeconds: plan.daySeconds * 0.3)))
        let people = reports.flatMap(\.people)
        let skipped = people.reduce(into: [String: Int]()) { counts, person in
            counts.merge(person.skipped, uniquingKeysWith: +)
        }
        for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
            output("skipped: \(count) × \(reason)")
        }
        let shown = people.reduce(into: [String: Int]()) { counts, person in
            counts.merge(person.errorsShown, uniquingKeysWith: +)
        }
        for (text, count) in shown.sorted(by: { $0.key < $1.key }) {
            output("error shown: \(count) × \(text)")
        }
        guard problems.isEmpty else {
            for problem in problems.prefix(40) { output("FAIL \(problem)") }
            if problems.count > 40 { output("… and \(problems.count - 40) more") }
            let kinds = [
                "lost", "duplicated", "reordered", "left behind", "views differ", "matches",
                "unread and receipts", "errors",
            ]
            let counts = kinds.map { kind in "\(kind) \(problems.count { $0.kind == kind })" }
            output("discover load: \(problems.count) problems (\(counts.joined(separator: ", ")))")
            output("discover load: the run's files are in \(folder.path)")
            return 1
        }
        try? FileManager.default.removeItem(at: folder)
        output("discover load: nothing lost, duplicated, reordered or left behind")
        return 0
    }

    private func driverArguments(driver: Int, namespace: String, folder: URL, start: Double) -> [String] {
        [
            "load-driver", "--homeserver", options.homeserver.absoluteString, "--people", "\(options.people)",
            "--minutes", "\(options.minutes)", "--seed", "\(options.seed)", "--drivers", "\(options.drivers)",
            "--driver", "\(driver)", "--namespace", namespace, "--folder", folder.path, "--start", "\(start)",
        ]
    }
}
