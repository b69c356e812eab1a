import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import ScenarioExplorer
import ScenarioLanguage
import Services

/// The interactive terminal front end: the engine on the embedded backend, driven one command at a
/// time with the scenario step syntax, recording the steps so they can be saved as a scenario.
///
/// Besides steps it takes `help`, `show`, `tree`, `save <file>` and `quit`. It starts with the demo
/// people and launches the app. Text typed into a secure field never comes back out: ``echo(_:)``
/// hides it, and the recording holds it as an environment variable unless secrets are recorded
/// (``ScenarioRecording``).
@MainActor
public final class PlaySession {
    private let world: EmbeddedScenarioWorld
    private var execution: ScenarioRunner.Execution
    /// The steps run so far, as they will be saved.
    public private(set) var recording: ScenarioRecording
    /// The steps run so far, as they will be saved (the start-up steps first).
    public var recorded: [String] { recording.lines }
    /// Whether `quit` was given.
    public private(set) var isFinished = false

    /// Creates a session storing its files under `directory`; `type $NAME` steps read
    /// `environment`, and `recordsSecrets` records secrets as typed (`--record-secrets`).
    public init(directory: URL, environment: [String: String] = [:], recordsSecrets: Bool = false) {
        world = EmbeddedScenarioWorld(directory: directory, configuration: EmbeddedServerConfiguration())
        execution = ScenarioRunner.Execution(
            world: world, environment: ScenarioEnvironment(values: environment))
        recording = ScenarioRecording(lines: ["given demo people", "launch"], recordsSecrets: recordsSecrets)
        _ = execution.perform(.givenDemoPeople)
        _ = execution.perform(.launch)
    }

    /// A command line as it may be shown back (the echo of piped input): the text a step would type
    /// into a secure field of the current screen, and the password of `given user`, as `•••`
    /// (``SecretMask``).
    public func echo(_ line: String) -> String {
        switch ScenarioParser.parseStep(line) {
        case .success(let step): SecretMask.source(line, of: step, on: world.screen)
        case .failure: SecretMask.unparsedLine(line, column: 1).text
        }
    }

    /// The current screen, the alert if any, and what the user can do.
    public func show() -> String {
        var lines = [world.app.frontEnd.render(), ""]
        let screenActions = world.alert.map(\.actions) ?? world.screen?.actions ?? []
        let actions = screenActions.filter(\.isEnabled).map { "tap \"\($0.label)\"" }
        let fields =
            world.alert == nil ? (world.screen?.fields ?? []).map { "type \"…\" into \"\($0.label)\"" } : []
        lines.append("You can: " + (actions + fields).joined(separator: " | "))
        return lines.joined(separator: "\n")
    }

    /// Runs one command line and returns what to print.
    public func handle(_ line: String) -> String {
        let command = line.trimmingCharacters(in: .whitespaces)
        if command.isEmpty || command.hasPrefix("#") { return "" }
        switch command {
        case "help":
            return "Steps:\n" + ScenarioParser.usages.map { "  " + $0 }.joined(separator: "\n")
                + "\nCommands: help, show, tree, save <file>, quit"
        case "show": return show()
        case "tree": return world.tree()
        case "quit", "exit":
            isFinished = true
            return "bye"
        default: break
        }
        if command.hasPrefix("save ") {
            let path = String(command.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            return save(to: path)
        }
        switch ScenarioParser.parseStep(command) {
        case .failure(let error):
            return "\(error.message) (column \(error.column))"
        case .success(let step):
            var secret: (text: String, label: String)?
            if case .type(let text, let label) = step, SecretMask.typesSecret(step, on: world.screen) {
                secret = (text, label)
            }
            if let problem = execution.perform(step) {
                let detail = [
                    problem.expected.map { "expected: \($0)" }, problem.actual.map { "actual: \($0)" },
                ]
                .compactMap { $0 }
                return ([problem.message] + detail).joined(separator: "\n")
            }
            recording.append(command, typedSecret: secret?.text, into: secret?.label ?? "")
            return show()
        }
    }

    /// The recorded steps as a scenario file.
    public func scenarioText(name: String) -> String { recording.text(name: name) }

    /// Writes the recorded steps to `path` (owner-only, atomically) and says what was done: the
    /// number of steps, then how to replay the variables or a warning about a password in clear.
    ///
    /// - Throws: the file's ``Services/StoreError`` when it cannot be written.
    public func save(toPath path: String) throws(StoreError) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        try recording.write(name: name, toPath: path)
        let notice = recording.notice(path: path)
        return "saved \(recorded.count) steps to \(path)" + (notice.isEmpty ? "" : "\n" + notice)
    }

    private func save(to path: String) -> String {
        guard !path.isEmpty else { return "save needs a file name" }
        do {
            return try save(toPath: path)
        } catch {
            return "could not save \(path): \(ScenarioRecording.message(error))"
        }
    }
}
