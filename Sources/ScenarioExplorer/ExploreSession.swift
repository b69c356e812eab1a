import EmbeddedBackend
import Foundation
import ScenarioLanguage

/// One exploration's world: a fresh app on a fresh backend (embedded with virtual time, or a real
/// Matrix homeserver), its steps run by the scenario runner's own execution
/// (``ScenarioRunner/Execution``), and the invariants checked after each.
@MainActor
final class ExploreSession<World: ExploreWorld> {
    /// What one step did.
    enum Outcome {
        /// The step ran and every invariant holds.
        case held
        /// The step could not run (a button not there, nobody matched to send): it changed nothing.
        case couldNotRun(String)
        /// The step ran and broke an invariant.
        case broke(ExploreViolation)
    }

    let world: World
    private var execution: ScenarioRunner.Execution
    private var invariants = ExploreInvariants(plan: World.plan)
    private let directory: URL

    /// A session on `world`, whose files are under `directory` (deleted at the end).
    init(world: World, directory: URL) {
        self.world = world
        self.directory = directory
        execution = ScenarioRunner.Execution(world: world, environment: ScenarioEnvironment(values: [:]))
    }

    /// A fresh folder for a world's files.
    static func freshDirectory() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("discover-explore-\(UUID().uuidString)", isDirectory: true)
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

    /// The first error the world itself noted (a person it could not add), if any: the world is not
    /// set up as the exploration needs.
    func setUpFailure() -> String? {
        for (index, entry) in world.transcript.entries.enumerated() where world.isWorldError(at: index) {
            if case .error(let text) = entry.kind { return text }
        }
        return nil
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

extension ExploreSession where World == EmbeddedScenarioWorld {
    /// A fresh embedded world whose server has `faults` (none outside the explorer's tests), allowed
    /// `workBudget` pieces of scheduled work in all, the app's stores in files or in memory.
    convenience init(faults: EmbeddedFaults, workBudget: Int, storesInMemory: Bool) {
        var configuration = EmbeddedServerConfiguration(passwordRounds: ScenarioRunner.passwordRounds)
        configuration.faults = faults
        let directory = Self.freshDirectory()
        let world = EmbeddedScenarioWorld(
            directory: directory, configuration: configuration, storesInMemory: storesInMemory)
        world.limitWork(to: workBudget)
        self.init(world: world, directory: directory)
    }
}

extension ExploreSession where World == MatrixScenarioWorld {
    /// A fresh world on `homeserver`, in a namespace of its own (so explorations sharing a server
    /// never meet).
    convenience init(homeserver: URL) {
        let directory = Self.freshDirectory()
        self.init(
            world: MatrixScenarioWorld(homeserver: homeserver, directory: directory), directory: directory)
    }
}
