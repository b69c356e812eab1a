import EmbeddedBackend
import Foundation
import Models

/// The interactive terminal front end: the engine on the embedded backend, driven one command at a
/// time with the scenario step syntax, recording the steps so they can be saved as a scenario.
///
/// Besides steps it takes `help`, `show`, `tree`, `save <file>` and `quit`. It starts with the demo
/// people and launches the app.
@MainActor
public final class PlaySession {
    private let world: EmbeddedScenarioWorld
    private var execution: ScenarioRunner.Execution
    /// The steps run so far, as written (the start-up steps first).
    public private(set) var recorded: [String] = ["given demo people", "launch"]
    /// Whether `quit` was given.
    public private(set) var isFinished = false

    /// Creates a session storing its files under `directory`.
    public init(directory: URL) {
        world = EmbeddedScenarioWorld(directory: directory, configuration: EmbeddedServerConfiguration())
        execution = ScenarioRunner.Execution(world: world)
        _ = execution.perform(.givenDemoPeople)
        _ = execution.perform(.launch)
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
            if let problem = execution.perform(step) {
                let detail = [
                    problem.expected.map { "expected: \($0)" }, problem.actual.map { "actual: \($0)" },
                ]
                .compactMap { $0 }
                return ([problem.message] + detail).joined(separator: "\n")
            }
            recorded.append(command)
            return show()
        }
    }

    /// The recorded steps as a scenario file.
    public func scenarioText(name: String) -> String {
        (["scenario: \(name)", "# recorded with discover play"] + recorded).joined(separator: "\n") + "\n"
    }

    private func save(to path: String) -> String {
        guard !path.isEmpty else { return "save needs a file name" }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        do {
            try Data(scenarioText(name: name).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return "saved \(recorded.count) steps to \(path)"
        } catch {
            return "could not save \(path): \(error.localizedDescription)"
        }
    }
}
