import EmbeddedBackend
import Foundation

/// One exploration's world: a fresh app on a fresh embedded backend with virtual time, its steps run
/// by the scenario runner's own execution (``ScenarioRunner/Execution``), and the invariants checked
/// after each.
@MainActor
final class ExploreSession {
    /// What one step did.
    enum Outcome {
        /// The step ran and every invariant holds.
        case held
        /// The step could not run (a button not there, nobody matched to send): it changed nothing.
        case couldNotRun(String)
        /// The step ran and broke an invariant.
        case broke(ExploreViolation)
    }

    let world: EmbeddedScenarioWorld
    private var execution: ScenarioRunner.Execution
    private var invariants = ExploreInvariants()
    private let directory: URL

    /// A fresh world whose server has `faults` (none outside the explorer's tests), allowed
    /// `workBudget` pieces of scheduled work in all, the app's stores in files or in memory.
    init(faults: EmbeddedFaults, workBudget: Int, storesInMemory: Bool) {
        var configuration = EmbeddedServerConfiguration()
        configuration.faults = faults
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("discover-explore-\(UUID().uuidString)", isDirectory: true)
        world = EmbeddedScenarioWorld(
            directory: directory, configuration: configuration, storesInMemory: storesInMemory)
        world.limitWork(to: workBudget)
        execution = ScenarioRunner.Execution(world: world, environment: ScenarioEnvironment(values: [:]))
    }

    /// Runs one step and checks the invariants.
    func perform(_ step: ScenarioStep) -> Outcome {
        if let problem = execution.perform(step) { return .couldNotRun(problem.message) }
        if world.isOverWorkBudget {
            return .broke(
                ExploreViolation(.runaway, "more scheduled work than the budget of \(world.workDone)"))
        }
        return invariants.check(world, after: step).map(Outcome.broke) ?? .held
    }

    /// Ends the process, as the end of a scenario does, checks what it left behind, and deletes the
    /// world's files.
    func finish() -> ExploreViolation? {
        let count = world.checkErrors.count
        world.endProcess()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard world.checkErrors.count > count else { return nil }
        return ExploreViolation(.runCheck, world.checkErrors[count...].joined(separator: "; "))
    }
}
