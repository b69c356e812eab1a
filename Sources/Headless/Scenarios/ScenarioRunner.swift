import EmbeddedBackend
import Foundation
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
/// before anything runs. A failure shows its step with any secret it types hidden (``SecretMask``).
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
        var configuration = EmbeddedServerConfiguration()
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
    struct Problem: Sendable {
        let message: String
        var expected: String?
        var actual: String?
    }

    /// The state of one run: the world, who "me" is, the people set up so far, and how far event
    /// expectations have read.
    @MainActor
    struct Execution {
        let world: any ScenarioWorld
        let environment: ScenarioEnvironment
        var me: UserID?
        var eventCursor = 0
        /// The people set up so far: a step naming someone else fails before it runs.
        var names: ScenarioNameCheck

        init(world: any ScenarioWorld, environment: ScenarioEnvironment) {
            self.world = world
            self.environment = environment
            names = ScenarioNameCheck(generatedPeople: world.generatedPeople)
        }

        mutating func perform(_ step: ScenarioStep) -> Problem? {
            if let message = names.check(step) { return Problem(message: message) }
            do {
                return try run(step)
            } catch let error as HeadlessError {
                return Problem(message: error.description)
            } catch let error as ScenarioRunError {
                return Problem(message: error.message)
            } catch {
                return Problem(message: "\(error)")
            }
        }

        private mutating func run(_ step: ScenarioStep) throws -> Problem? {
            if step.isExpectation {
                // On a real server the outcome may still be on its way: let it arrive first.
                var probe = self
                world.eventually {
                    do {
                        return try probe.check(step) == nil
                    } catch {
                        return false
                    }
                }
            }
            return try check(step)
        }

        private mutating func check(_ step: ScenarioStep) throws -> Problem? {
            switch step {
            case .givenDemoPeople: world.addDemoPeople()
            case .givenUser(let username, let password, let born):
                try world.addUser(username: username, password: password, born: born)
            case .givenCandidates, .givenDailyLikes, .givenLatency: break
            case .givenMe(let name): me = UserID(name)
            case .launch: world.launch()
            case .relaunch: world.relaunch()
            case .tap(let label): try world.tap(label)
            case .type(let text, let label): try world.type(text, into: label)
            case .typeVariable(let name, let label): try world.type(environment.value(of: name), into: label)
            case .swipe(let action):
                switch action {
                case .like: try world.tap("Like")
                case .pass: try world.tap("Pass")
                case .superLike: try world.tap("Super like")
                }
            case .open(let link): world.open(link)
            case .logout:
                try world.tap("Log out")
                guard world.alert?.title == "Log out?" else {
                    return Problem(message: "no logout confirmation appeared")
                }
                try world.tap("Log out")
            case .wait(let duration): world.wait(duration)
            case .likesMe(let name, let superLike):
                world.like(from: UserID(name), to: try counterpart(of: name, in: step), superLike: superLike)
            case .sends(let name, let text):
                try world.sendMessage(from: UserID(name), to: try counterpart(of: name, in: step), text)
            case .reads(let name): world.read(by: UserID(name), with: try counterpart(of: name, in: step))
            case .types(let name): world.type(by: UserID(name), to: try counterpart(of: name, in: step))
            case .unmatchesMe(let name):
                world.unmatch(by: UserID(name), with: try counterpart(of: name, in: step))
            case .matchesMe(let name):
                let me = try counterpart(of: name, in: step)
                world.like(from: me, to: UserID(name), superLike: false)
                world.like(from: UserID(name), to: me, superLike: false)
            case .network(let up): world.setNetwork(up: up)
            case .serverRevokesToken:
                guard let user = world.signedInUser ?? me else {
                    return Problem(message: "nobody is signed in")
                }
                world.revokeSessions(of: user)
            case .serverFailsNext(let endpoint): try world.failNext(endpoint)
            case .damage, .crashLeavesTemporaryFiles, .expectNoTemporaryFiles, .expectFilesSetAside:
                return try fileStep(step)
            case .expectScreen(let name):
                let actual = world.screen?.id.rawValue ?? "(nothing shown)"
                if actual != name {
                    return Problem(message: "the screen is not \(name)", expected: name, actual: actual)
                }
            case .expectText(let text):
                if !world.visibleTexts.contains(where: { $0.contains(text) }) {
                    return Problem(
                        message: "no visible text contains \"\(text)\"", expected: text, actual: shownText())
                }
            case .expectNoText(let text):
                if let found = world.visibleTexts.first(where: { $0.contains(text) }) {
                    return Problem(
                        message: "\"\(text)\" is visible", expected: "no \"\(text)\"", actual: found)
                }
            case .expectAlert(let title):
                let actual = world.alert?.title ?? "(no alert)"
                if actual != title {
                    return Problem(message: "the alert is not \"\(title)\"", expected: title, actual: actual)
                }
            case .expectEvent(let name, let properties):
                let events = world.transcript.events
                let rest = events.dropFirst(eventCursor)
                guard
                    let index = rest.firstIndex(where: { event in
                        event.name == name
                            && properties.allSatisfy { expected in
                                event.properties[expected.key].map(world.scenarioName(of:)) == expected.value
                            }
                    })
                else {
                    let expected =
                        ([name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                        .joined(separator: " ")
                    let since = rest.filter { $0.name != "screen_shown" }.map(\.description)
                    return Problem(
                        message: "the event \(name) was not fired (since the last expected event)",
                        expected: expected,
                        actual: since.isEmpty ? "(no events)" : since.joined(separator: "; "))
                }
                eventCursor = index + 1
            case .expectOutbox(let count):
                if world.outboxCount != count {
                    return Problem(
                        message: "the outbox holds \(world.outboxCount)", expected: "\(count)",
                        actual: "\(world.outboxCount)")
                }
            case .expectUnread(let name, let count):
                let actual = world.unreadCount(with: UserID(name))
                if actual != count {
                    return Problem(
                        message:
                            "the conversation with \(name) has \(actual.map(String.init) ?? "no") unread messages",
                        expected: "\(count)", actual: actual.map(String.init) ?? "no conversation")
                }
            case .expectQueuedSwipes(let count):
                if world.queuedSwipes != count {
                    return Problem(
                        message: "the swipe queue holds \(world.queuedSwipes)", expected: "\(count)",
                        actual: "\(world.queuedSwipes)")
                }
            }
            return nil
        }

        /// "Me" in a step of `name`'s: the one `given I am` named, else the signed-in user;
        /// an error if nobody is, or if that is `name` (nobody matches themselves).
        private func counterpart(of name: String, in step: ScenarioStep) throws(ScenarioRunError) -> UserID {
            guard let me = me ?? world.signedInUser else {
                throw ScenarioRunError("who is 'me'? sign in first, or add 'given I am <name>'")
            }
            guard world.scenarioName(of: me.rawValue) != name else {
                let reason = self.me == nil ? "the signed-in user" : "given I am \(name)"
                throw ScenarioRunError(ScenarioNameCheck.selfProblem(name, step, because: reason))
            }
            return me
        }

        private func shownText() -> String {
            world.visibleTexts.filter { !$0.isEmpty }.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
