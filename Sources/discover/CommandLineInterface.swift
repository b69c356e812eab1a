import Flows
import Foundation
import MatrixBackend
import ScenarioLanguage

/// The `discover` command's logic: commands, their options, their output and exit codes.
///
/// Exit codes: 0 success, 1 a scenario failed (or the demo did), 2 a usage or syntax error (nothing ran).
@MainActor
public struct CommandLineInterface {
    /// Where normal output goes.
    public var output: (String) -> Void
    /// Where errors go.
    public var errors: (String) -> Void
    /// Whether output goes to a terminal (colours and progress lines only then).
    public var isTerminal: Bool
    /// Reads one line of input for `play`, after showing the prompt (if any) on the same line; `nil`
    /// at the end.
    public var readLine: (_ prompt: String?) -> String?
    /// The environment variables `type $NAME into "…"` steps read (the process's, in `discover`).
    public var environment: [String: String]

    /// Creates the interface.
    public init(
        output: @escaping (String) -> Void, errors: @escaping (String) -> Void, isTerminal: Bool,
        readLine: @escaping (_ prompt: String?) -> String?, environment: [String: String] = [:]
    ) {
        self.output = output
        self.errors = errors
        self.isTerminal = isTerminal
        self.readLine = readLine
        self.environment = environment
    }

    /// Runs a command line (without the program name) and returns the exit code.
    public func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            errors(Self.usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "help", "-h", "--help":
            if let topic = rest.first, let help = Self.helps[topic] {
                output(help)
            } else {
                output(Self.usage)
            }
            return 0
        case "run":
            return withArguments(
                rest, command: command,
                options: ["filter", "tag", "transcript", "junit", "backend", "homeserver", "work-budget"],
                flags: ["print-transcript", "transitions-report"]
            ) {
                runScenarios($0)
            }
        case "demo":
            return withArguments(rest, command: command, options: [], flags: []) { parsed in
                guard parsed.positionals.isEmpty else {
                    return usageError(command, "demo takes no arguments")
                }
                var demo = CommandArguments()
                demo.positionals = ["Scenarios/demo.scenario"]
                demo.flags = ["print-transcript"]
                return runScenarios(demo)
            }
        case "tree":
            return withArguments(rest, command: command, options: ["until"], flags: []) { tree($0) }
        case "graph":
            return withArguments(rest, command: command, options: ["taken-by"], flags: []) { graph($0) }
        case "play":
            return withArguments(rest, command: command, options: ["record"], flags: ["record-secrets"]) {
                play($0)
            }
        case "explore":
            let options: Set = [
                "seed", "seeds", "steps", "time-budget", "backend", "homeserver", "replay", "fault",
            ]
            return withArguments(rest, command: command, options: options, flags: ["json", "file-stores"]) {
                explore($0)
            }
        case "serve":
            return withArguments(
                rest, command: command, options: ["port", "backend", "homeserver", "data"],
                flags: ["test-knobs"]
            ) {
                runServe($0)
            }
        case "load", "load-driver":
            let options: Set = ["homeserver", "people", "minutes", "seed", "drivers"]
            let driverOptions: Set = ["driver", "namespace", "folder", "start"]
            return withArguments(
                rest, command: "load", options: command == "load" ? options : options.union(driverOptions),
                flags: []
            ) {
                command == "load" ? load($0) : loadDriver($0)
            }
        default:
            errors("discover: unknown command '\(command)'\n\n\(Self.usage)")
            return 2
        }
    }

    private func withArguments(
        _ arguments: [String], command: String, options: Set<String>, flags: Set<String>,
        _ body: (CommandArguments) -> Int32
    ) -> Int32 {
        switch CommandArguments.parse(arguments, options: options, flags: flags) {
        case .failure(let error):
            return usageError(command, error.message)
        case .success(let parsed):
            if parsed.flags.contains("help") {
                output(Self.helps[command] ?? Self.usage)
                return 0
            }
            return body(parsed)
        }
    }

    func usageError(_ command: String, _ message: String) -> Int32 {
        errors("discover \(command): \(message)\n\n\(Self.helps[command] ?? Self.usage)")
        return 2
    }

    // MARK: run

    /// An exit code carried as a failure.
    struct ExitCode: Error {
        let code: Int32
    }

    func loadScenarios(_ paths: [String]) -> Result<[Scenario], ExitCode> {
        let files: [String]
        switch ScenarioFiles.collect(paths) {
        case .failure(let error):
            errors("discover: \(error.message)")
            return .failure(ExitCode(code: 2))
        case .success(let found): files = found
        }
        var scenarios: [Scenario] = []
        var failed = false
        for file in files {
            switch ScenarioFiles.read(file).flatMap({ ScenarioParser.parseFile($0, path: file) }) {
            case .success(let found): scenarios += found
            case .failure(let error):
                errors(error.description)
                failed = true
            }
        }
        return failed ? .failure(ExitCode(code: 2)) : .success(scenarios)
    }

    private func runScenarios(_ arguments: CommandArguments) -> Int32 {
        guard !arguments.positionals.isEmpty else {
            return usageError("run", "give at least one file or folder")
        }
        let runner: ScenarioRunner
        var workBudget = ScenarioRunner.defaultWorkBudget
        if let text = arguments.values["work-budget"] {
            guard let budget = Int(text), budget > 0 else {
                return usageError("run", "--work-budget takes a positive whole number")
            }
            workBudget = budget
        }
        switch arguments.values["backend"] ?? "embedded" {
        case "embedded":
            guard arguments.values["homeserver"] == nil else {
                return usageError("run", "--homeserver is for --backend matrix")
            }
            runner = .embedded(environment: environment, workBudget: workBudget)
        case "matrix":
            switch matrixHomeserver(arguments, command: "run") {
            case .failure(let exit): return exit.code
            case .success(let homeserver): runner = .matrix(homeserver: homeserver, environment: environment)
            }
        case let other:
            return usageError("run", "unknown backend '\(other)'; this build has: embedded, matrix")
        }
        var scenarios: [Scenario]
        switch loadScenarios(arguments.positionals) {
        case .failure(let exit): return exit.code
        case .success(let loaded): scenarios = loaded
        }
        switch Self.selectTags(arguments.allValues["tag"] ?? [], in: scenarios) {
        case .failure(let error): return usageError("run", error.message)
        case .success(let selected): scenarios = selected
        }
        if let filter = arguments.values["filter"] {
            scenarios = scenarios.filter { $0.name.localizedCaseInsensitiveContains(filter) }
        }
        var results: [ScenarioResult] = []
        var moves: [ScreenMove] = []
        for (index, scenario) in scenarios.enumerated() {
            if isTerminal, scenarios.count > 1 {
                output("\u{1B}[2K[\(index + 1)/\(scenarios.count)] \(scenario.name)…\u{1B}[1A")
            }
            let (result, world) = runner.run(scenario)
            results.append(result)
            moves += world.screenMoves
            if arguments.flags.contains("print-transcript") {
                output(result.transcript.map(\.description).joined(separator: "\n"))
            }
            output((isTerminal ? "\u{1B}[2K" : "") + ScenarioReport.text(for: result, colour: isTerminal))
        }
        if arguments.flags.contains("transitions-report") {
            output(ScenarioReport.untakenTransitions(FlowGraph.untaken(by: moves)))
        }
        if let directory = arguments.values["transcript"] {
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for result in results {
                    try ScenarioReport.json(for: result).write(
                        to: folder.appendingPathComponent(ScenarioReport.fileName(for: result)))
                }
            } catch {
                errors("discover: could not write transcripts to \(directory): \(error.localizedDescription)")
                return 2
            }
        }
        if let file = arguments.values["junit"] {
            do {
                try Data(ScenarioReport.junit(results).utf8).write(
                    to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                errors("discover: could not write \(file): \(error.localizedDescription)")
                return 2
            }
        }
        output(ScenarioReport.summary(results))
        return results.allSatisfy(\.passed) ? 0 : 1
    }

    // MARK: tree

    private func tree(_ arguments: CommandArguments) -> Int32 {
        guard arguments.positionals.count == 1 else { return usageError("tree", "give one scenario file") }
        var until: Int?
        if let text = arguments.values["until"] {
            guard let line = Int(text), line > 0 else {
                return usageError("tree", "--until takes a line number")
            }
            until = line
        }
        let scenario: Scenario
        switch loadScenarios(arguments.positionals) {
        case .failure(let exit): return exit.code
        case .success(let loaded):
            guard let first = loaded.first else { return usageError("tree", "no scenario found") }
            scenario = first
        }
        let (result, world) = ScenarioRunner.embedded(environment: environment).run(
            scenario, stopBefore: until ?? Int.max)
        output(world.tree())
        if let failure = result.failure {
            errors("the scenario stopped at line \(failure.line): \(failure.message)")
            return 1
        }
        return 0
    }
}
