import EmbeddedBackend
import Foundation
import GenericScreens
import HeadlessFrontEnd
import Models

/// Runs parsed scenarios, each in a fresh world, and reports what happened.
///
/// Set-up steps that shape the backend (`given candidates`, `given daily likes`, `given latency`) are
/// read before the first step runs; the others run in order. The first failed expectation, or a step
/// that cannot run (a button that is not there), stops the scenario; so does more work than the
/// runner's work budget (``defaultWorkBudget``), which a `wait` spinning on a timer would need.
///
/// `type $NAME into "…"` steps type the value of the environment variable `NAME` from the runner's
/// `environment`; a scenario that uses one that is not set (or empty) fails at that step's line
/// before anything runs. A failure shows its step with any secret it types hidden (``HeadlessFrontEnd/SecretMask``).
@MainActor
public final class ScenarioRunner {
    /// Makes the world a scenario runs in, given the backend set-up the scenario asked for.
    public typealias WorldFactory = @MainActor (EmbeddedServerConfiguration, Duration) -> any ScenarioWorld

    private let makeWorld: WorldFactory
    private let environment: ScenarioEnvironment
    /// The most units of work (``ScenarioWorld/workDone``) one scenario may do.
    public let workBudget: Int

    /// Creates a runner over `makeWorld`, failing a scenario that does more than `workBudget` units
    /// of work; `type $NAME` steps read `environment` (the process's, in the `discover` command).
    public init(
        environment: [String: String] = [:], workBudget: Int = ScenarioRunner.defaultWorkBudget,
        makeWorld: @escaping WorldFactory
    ) {
        self.makeWorld = makeWorld
        self.environment = ScenarioEnvironment(values: environment)
        self.workBudget = workBudget
    }

    /// The password hash's rounds in a scenario's embedded server: one.
    ///
    /// A scenario checks what the app does, not what hashing costs (the hasher's own tests check its
    /// rounds), so its worlds hash at the lowest cost, as test set-ups of bcrypt and its kin do; a
    /// quarter of the test suite's time went into hashing the demo people's passwords before.
    public static let passwordRounds = 1

    /// A runner on the embedded backend, each scenario in its own temporary folder (deleted after).
    public static func embedded(
        environment: [String: String] = [:], workBudget: Int = ScenarioRunner.defaultWorkBudget
    ) -> ScenarioRunner {
        ScenarioRunner(environment: environment, workBudget: workBudget) { configuration, latency in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("discover-scenario-\(UUID().uuidString)", isDirectory: true)
            let world = EmbeddedScenarioWorld(directory: directory, configuration: configuration)
            world.app.backend.server.latency = latency
            return world
        }
    }

    /// A runner on a Matrix homeserver, each scenario in a fresh namespace and temporary folder.
    ///
    /// `given daily likes` sets the backend's like limit; `given candidates` and `given latency` shape
    /// only the embedded server and are ignored here.
    public static func matrix(homeserver: URL, environment: [String: String] = [:]) -> ScenarioRunner {
        ScenarioRunner(environment: environment) { configuration, _ in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("discover-scenario-\(UUID().uuidString)", isDirectory: true)
            return MatrixScenarioWorld(
                homeserver: homeserver, directory: directory, dailyLikeLimit: configuration.dailyLikeLimit)
        }
    }

    /// Runs one scenario; `stopBefore` ends it (passing) before that line, for `discover tree`.
    public func run(_ scenario: Scenario, stopBefore: Int? = nil) -> (
        result: ScenarioResult, world: any ScenarioWorld
    ) {
        var configuration = EmbeddedServerConfiguration(passwordRounds: Self.passwordRounds)
        var latency = Duration.zero
        for located in scenario.steps {
            switch located.step {
            case .givenCandidates(let count): configuration.candidatePoolSize = count
            case .givenDailyLikes(let count): configuration.dailyLikeLimit = count
            case .givenLatency(let duration): latency = duration
            default: break
            }
        }
        let world = makeWorld(configuration, latency)
        world.limitWork(to: workBudget)
        var execution = Execution(world: world, environment: environment)
        let start = world.transcript.entries.first?.time
        var failure = environment.firstMissing(in: scenario, stopBefore: stopBefore)
        var before: (line: Int, screen: Screen?, alert: ScreenAlert?)?
        for located in scenario.steps where failure == nil {
            if let stopBefore, located.line >= stopBefore { break }
            let listErrors = world.listErrors.count
            let checkErrors = world.checkErrors.count
            let shown = SecretMask.source(located.source, of: located.step, on: world.screen)
            // An expectation changes nothing: its report compares the screen with the one before the
            // action it checks.
            if !located.step.isExpectation || before == nil {
                before = (located.line, world.screen, world.alert)
            }
            let problem = execution.perform(located.step)
            func failed(_ message: String, expected: String? = nil, actual: String? = nil) -> ScenarioFailure
            {
                ScenarioFailure(
                    line: located.line, step: shown, message: message, expected: expected, actual: actual,
                    screenBefore: before.map { ScenarioFailure.text(of: $0.screen, alert: $0.alert) },
                    screenBeforeLine: before?.line,
                    screenAfter: ScenarioFailure.text(of: world.screen, alert: world.alert))
            }
            if world.isOverWorkBudget {
                failure = failed(overBudgetMessage)
                break
            }
            if let problem {
                failure = failed(problem.message, expected: problem.expected, actual: problem.actual)
                break
            }
            if world.listErrors.count > listErrors {
                failure = failed(
                    "a list on screen disagrees with the state: "
                        + world.listErrors[listErrors...].joined(separator: "; "))
                break
            }
            if let message = Self.checkFailure(of: world, since: checkErrors) {
                failure = ScenarioFailure(line: located.line, step: shown, message: message)
                break
            }
        }
        if failure == nil, stopBefore == nil { failure = Self.endFailure(of: scenario, in: world) }
        let entries = world.transcript.entries
        let seconds = (entries.last?.time).flatMap { end in start.map { end.timeIntervalSince($0) } } ?? 0
        cleanUp(world)
        return (
            ScenarioResult(
                name: scenario.name, path: scenario.path, failure: failure, transcript: entries,
                seconds: seconds, tags: scenario.tags),
            world
        )
    }

    private func cleanUp(_ world: any ScenarioWorld) {
        if let embedded = world as? EmbeddedScenarioWorld {
            try? FileManager.default.removeItem(at: embedded.app.backend.storageDirectory)
        }
        if let matrix = world as? MatrixScenarioWorld {
            matrix.app.terminate()
            try? FileManager.default.removeItem(at: matrix.storageDirectory)
        }
    }

    /// What went wrong with one step.
    package struct Problem: Sendable {
        package let message: String
        package var expected: String?
        package var actual: String?
    }
}
