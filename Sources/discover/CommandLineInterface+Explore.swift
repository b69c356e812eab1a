import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import ScenarioExplorer
import ScenarioLanguage

extension CommandLineInterface {
    static let exploreHelp = """
        usage: discover explore [--seed <n> | --seeds <a,b,...>] [--steps <n>] [options]
               discover explore --backend matrix --homeserver <url> [--seed <n>] [--steps <n>]
               discover explore --replay <file>

        Explores the app on the embedded backend with virtual time: from each seed, random but valid
        scenario steps (taps on what is shown, typed values valid and hostile, deep links, the other
        people's actions, the network, server failures, relaunches, waits across midnight and token
        expiry), checking the invariants after every step. A broken invariant is shrunk to a small
        scenario, written to explore-failures/ and printed; exit code 1. Exit code 0 when none broke.
        --replay runs a scenario file with the same checks (exit code 1 when one breaks).

        With --backend matrix it explores a real homeserver on its real clock, a few steps a second,
        each run signed in as a demo person with a match first: every tap, typed value and deep link,
        the other people's actions (done by their own Matrix clients), network down/up, token
        revocation and relaunches, with waits of 1 to 3 seconds.
        Not run there: 'server fails next' or any other 'server fails' step (a real server cannot be
        told to fail), generated people, and waits across midnight or past a token's lifetime (time
        is real). The server is seen through the other person's client (messages held twice, the
        newest one shown); a message or swipe counts as stuck after 90 s. Shrinking replays from a fresh world, within the time budget.

        options:
          --seed <n>            the seed (default 1)
          --seeds <a,b,...>     several seeds, one exploration each
          --steps <n>           steps per seed (default 2000; 60 on matrix)
          --time-budget <s>     stop exploring after this many seconds (e.g. 30 or 30s or 2m); on
                                matrix also the time shrinking may take (default 120s there)
          --backend <name>      embedded (default, virtual time) or matrix (a real homeserver)
          --homeserver <url>    the Matrix homeserver, e.g. http://127.0.0.1:8008 (needed with
                                --backend matrix; a warning if it is plain http off this machine)
          --file-stores         keep the app's session and queues in files, flushed to the
                                disk as the app does (slower); in memory without it (embedded)
          --json                print the summary as JSON
          -h, --help            show this help
        """

    /// `discover explore`: parses the options, explores each seed, shrinks and writes what broke.
    func explore(_ arguments: CommandArguments) -> Int32 {
        var faults: EmbeddedFaults = []
        for name in arguments.allValues["fault"] ?? [] {
            guard let fault = EmbeddedFaults(name: name) else {
                return usageError("explore", "unknown fault")
            }
            faults.insert(fault)
        }
        let faultNames = EmbeddedFaults.named.filter { faults.contains($0.fault) }.map(\.name)
        let explorer: Explorer
        switch arguments.values["backend"] ?? "embedded" {
        case "embedded":
            guard arguments.values["homeserver"] == nil else {
                return usageError("explore", "--homeserver is for --backend matrix")
            }
            explorer = Explorer(faults: faults, storesInMemory: !arguments.flags.contains("file-stores"))
        case "matrix":
            guard faults.isEmpty, !arguments.flags.contains("file-stores") else {
                return usageError("explore", "--backend matrix takes neither --fault nor --file-stores")
            }
            switch matrixHomeserver(arguments, command: "explore") {
            case .failure(let exit): return exit.code
            case .success(let homeserver): explorer = Explorer(matrixHomeserver: homeserver)
            }
        case let other:
            return usageError("explore", "unknown backend '\(other)'; the explorer runs on: embedded, matrix")
        }
        if let path = arguments.values["replay"] { return replay(path, explorer: explorer) }
        guard arguments.positionals.isEmpty else { return usageError("explore", "explore takes no files") }
        let seedTexts =
            arguments.values["seeds"].map { $0.split(separator: ",").map(String.init) }
            ?? [arguments.values["seed"] ?? "1"]
        let seeds = seedTexts.compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        guard !seeds.isEmpty, seeds.count == seedTexts.count else {
            return usageError("explore", "--seed and --seeds take whole numbers (0 or more)")
        }
        let onMatrix = explorer.backend != .embedded
        guard let steps = Int(arguments.values["steps"] ?? (onMatrix ? "60" : "2000")), steps > 0 else {
            return usageError("explore", "--steps takes a positive whole number")
        }
        var budget: TimeInterval? = onMatrix ? 120 : nil
        if let text = arguments.values["time-budget"] {
            guard let seconds = Self.seconds(text) else {
                return usageError("explore", "--time-budget takes seconds: 30, 30s or 2m")
            }
            budget = seconds
        }
        let deadline = budget.map { Date().addingTimeInterval($0) } ?? .distantFuture
        var report = ExploreReport()
        report.backend = onMatrix ? "matrix" : "embedded"
        var found: [(Explorer.Run, ExploreViolation)] = []
        let start = Date()
        for seed in seeds where Date() < deadline {
            let run = explorer.explore(seed: seed, steps: steps, deadline: deadline)
            if let failure = run.setUpFailure {
                errors("discover explore: seed \(seed): could not set the world up: \(failure)")
                return 2
            }
            report.seeds.append(seed)
            report.steps += run.steps.count
            if let violation = run.violation { found.append((run, violation)) }
        }
        report.seconds = Date().timeIntervalSince(start)
        report.stepsPerSecond = report.seconds > 0 ? Double(report.steps) / report.seconds : 0
        // With --json, standard output holds the JSON alone; each failure's scenario goes to errors.
        let show = arguments.flags.contains("json") ? errors : output
        // Shrinking replays from scratch: on virtual time two minutes are ample; on a real server
        // each replay signs the demo people up again, so it gets the time budget, no more.
        let shrinkTime = onMatrix ? budget ?? 120 : 120
        for (run, violation) in found {
            report.violations.append(
                shrink(
                    run, violation, explorer: explorer, faultNames: faultNames,
                    deadline: Date().addingTimeInterval(shrinkTime), show: show))
        }
        output(arguments.flags.contains("json") ? report.json : report.text)
        return report.violations.isEmpty ? 0 : 1
    }

    /// Shrinks one run, writes its scenario to `explore-failures/` and shows it with `show`.
    private func shrink(
        _ run: Explorer.Run, _ violation: ExploreViolation, explorer: Explorer, faultNames: [String],
        deadline: Date, show: (String) -> Void
    ) -> ExploreReport.Failure {
        let shrunk = explorer.shrink(run.steps, breaking: violation, deadline: deadline)
        var backendOptions = ""
        if case .matrix(let homeserver) = explorer.backend {
            backendOptions = " --backend matrix --homeserver \(homeserver.absoluteString)"
        }
        let text = ExploreReport.scenario(
            shrunk.steps, violation: shrunk.violation, seed: run.seed, originalSteps: run.steps.count,
            faultNames: faultNames, backendOptions: backendOptions)
        let folder = URL(fileURLWithPath: "explore-failures", isDirectory: true)
        let backend = backendOptions.isEmpty ? "" : "-matrix"
        let name =
            "seed-\(run.seed)-\(shrunk.violation.kind.rawValue)\(faultNames.map { "-" + $0 }.joined())\(backend).scenario"
        var written: String? = "explore-failures/\(name)"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
        } catch {
            errors(
                "discover explore: could not write explore-failures/\(name): \(error.localizedDescription)")
            written = nil
        }
        show(
            "FAIL  seed \(run.seed): \(shrunk.violation)\n      shrunk from \(run.steps.count) steps to "
                + "\(shrunk.steps.count) in \(shrunk.replays) replays\(written.map { ": " + $0 } ?? "")\n\(text)"
        )
        return ExploreReport.Failure(
            seed: run.seed, kind: shrunk.violation.kind.rawValue, message: shrunk.violation.message,
            steps: run.steps.count, shrunkSteps: shrunk.steps.count, file: written)
    }

    /// `--replay <file>`: runs the file's scenario with the explorer's checks.
    private func replay(_ path: String, explorer: Explorer) -> Int32 {
        let parsed = ScenarioFiles.read(path).flatMap { ScenarioParser.parse($0, path: path) }
        guard case .success(let scenario) = parsed else {
            if case .failure(let error) = parsed { errors(error.description) }
            return 2
        }
        switch explorer.replay(scenario.steps.map(\.step)) {
        case .failure(let error):
            output("FAIL  \(path): step \(error.step + 1) could not run: \(error.message)")
            return 1
        case .success(let violation?):
            output("FAIL  \(path): \(violation)")
            return 1
        case .success(nil):
            output("PASS  \(path): every invariant holds")
            return 0
        }
    }

    /// Seconds from `30`, `30s` or `2m`.
    static func seconds(_ text: String) -> TimeInterval? {
        let unit = text.last.map { $0 == "m" ? 60.0 : 1.0 } ?? 1
        let number = text.hasSuffix("s") || text.hasSuffix("m") ? String(text.dropLast()) : text
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        return value * unit
    }
}
