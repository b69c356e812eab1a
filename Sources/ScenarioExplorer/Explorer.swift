import EmbeddedBackend
import Foundation
import ScenarioLanguage

/// Model-based exploration: from a seed, random but valid scenario steps, the invariants
/// (`ExploreInvariants`) checked after each; a broken one is shrunk (`ExploreShrinker`) to a small
/// scenario that still breaks it.
///
/// On the embedded backend (the default) time is virtual and the run deterministic: the same seed,
/// step count and faults make the same steps, so a run can be repeated from scratch as often as
/// shrinking needs. On a Matrix homeserver (``Backend/matrix(homeserver:)``) time is real and the
/// server's answers take their time, so the same seed makes the same choices but what the app
/// shows, and so the steps, may differ: runs are short and replays few.
@MainActor
public struct Explorer {
    /// What one seed's exploration found.
    public struct Run: Sendable {
        /// The seed.
        public let seed: UInt64
        /// The steps that ran (the prelude included), up to and with the one that broke an invariant.
        public let steps: [ScenarioStep]
        /// The invariant broken, if any.
        public let violation: ExploreViolation?
        /// Why the world could not be set up (a Matrix homeserver that did not take the demo
        /// people), in which case nothing was explored; `nil` when it was.
        public var setUpFailure: String? = nil
    }

    /// Where the explorer runs the app.
    public enum Backend: Hashable, Sendable {
        /// The embedded backend with virtual time: every step, thousands per second.
        case embedded
        /// A real Matrix homeserver on its real clock: the steps it supports, a few per second.
        case matrix(homeserver: URL)
    }

    /// The backend the explorer's worlds run on.
    public let backend: Backend
    /// The server's faults (`EmbeddedFaults`; none but in the explorer's tests).
    public let faults: EmbeddedFaults
    /// Whether the app's stored session and queues are kept in memory (fast) rather than in files
    /// (each save written and flushed to the disk, as the app does). Embedded only: the Matrix
    /// world keeps its files.
    public let storesInMemory: Bool

    /// Creates an explorer on the embedded backend whose worlds have `faults`, their stores in
    /// memory or in files.
    public init(faults: EmbeddedFaults = [], storesInMemory: Bool = true) {
        backend = .embedded
        self.faults = faults
        self.storesInMemory = storesInMemory
    }

    /// Creates an explorer on the Matrix homeserver at `homeserver`: each world (each run and each
    /// replay) signs the demo people up in a namespace of its own.
    public init(matrixHomeserver homeserver: URL) {
        backend = .matrix(homeserver: homeserver)
        faults = []
        storesInMemory = false
    }

    /// Explores from `seed` for `steps` steps (after the prelude), or until `deadline`; stops at the
    /// first broken invariant.
    public func explore(seed: UInt64, steps: Int, deadline: Date = .distantFuture) -> Run {
        switch backend {
        case .embedded:
            let session = ExploreSession(
                faults: faults, workBudget: Self.workBudget(steps: steps), storesInMemory: storesInMemory)
            return explore(session, seed: seed, steps: steps, deadline: deadline)
        case .matrix(let homeserver):
            return explore(
                ExploreSession(homeserver: homeserver), seed: seed, steps: steps, deadline: deadline)
        }
    }

    private func explore<World>(
        _ session: ExploreSession<World>, seed: UInt64, steps: Int, deadline: Date
    ) -> Run {
        var generator = StepGenerator(seed: seed, plan: World.plan)
        let prelude = StepGenerator.prelude(seed: seed, plan: World.plan)
        var taken: [ScenarioStep] = []
        var attempts = 0
        for step in prelude {
            taken.append(step)
            switch session.perform(step) {
            case .held: continue
            case .couldNotRun(let message):
                _ = session.finish()
                return Run(
                    seed: seed, steps: taken, violation: nil,
                    setUpFailure: "\(step.scenarioLine): \(message)")
            case .broke(let violation):
                _ = session.finish()
                return Run(seed: seed, steps: taken, violation: violation)
            }
        }
        if let failure = session.setUpFailure() {
            _ = session.finish()
            return Run(seed: seed, steps: taken, violation: nil, setUpFailure: failure)
        }
        let interval = World.plan.deadlineCheckInterval
        while taken.count < steps + prelude.count, attempts < steps * 4 {
            attempts += 1
            if attempts % interval == 0, Date() > deadline { break }
            let step = generator.next(in: session.world)
            switch session.perform(step) {
            case .held: taken.append(step)
            case .couldNotRun: continue
            case .broke(let violation):
                taken.append(step)
                _ = session.finish()
                return Run(seed: seed, steps: taken, violation: violation)
            }
        }
        return Run(seed: seed, steps: taken, violation: session.finish())
    }

    /// Runs `steps` from scratch in a fresh world and returns the first invariant they break, or
    /// `nil` when they all run and break none; a step that cannot run is a ``ReplayError``.
    public func replay(_ steps: [ScenarioStep]) -> Result<ExploreViolation?, ReplayError> {
        let replay = replay(steps, skippingWhatCannotRun: false)
        if let stop = replay.stop { return .failure(stop) }
        return .success(replay.violation)
    }

    /// Runs `steps` from scratch in a fresh world, stopping at the first broken invariant; returns
    /// the steps that ran and the violation. A step that cannot run (a button an earlier step would
    /// have shown) is left out when `skippingWhatCannotRun`, else it ends the replay (`stop`).
    func replay(_ steps: [ScenarioStep], skippingWhatCannotRun: Bool) -> (
        ran: [ScenarioStep], violation: ExploreViolation?, stop: ReplayError?
    ) {
        switch backend {
        case .embedded:
            let session = ExploreSession(
                faults: faults, workBudget: Self.workBudget(steps: steps.count),
                storesInMemory: storesInMemory)
            return replay(steps, in: session, skippingWhatCannotRun: skippingWhatCannotRun)
        case .matrix(let homeserver):
            return replay(
                steps, in: ExploreSession(homeserver: homeserver),
                skippingWhatCannotRun: skippingWhatCannotRun)
        }
    }

    private func replay<World>(
        _ steps: [ScenarioStep], in session: ExploreSession<World>, skippingWhatCannotRun: Bool
    ) -> (ran: [ScenarioStep], violation: ExploreViolation?, stop: ReplayError?) {
        var ran: [ScenarioStep] = []
        for (index, step) in steps.enumerated() {
            switch session.perform(step) {
            case .held: ran.append(step)
            case .couldNotRun(let message):
                if skippingWhatCannotRun { continue }
                _ = session.finish()
                return (ran, nil, ReplayError(step: index, message: message))
            case .broke(let violation):
                _ = session.finish()
                return (ran + [step], violation, nil)
            }
        }
        return (ran, session.finish(), nil)
    }

    /// A run shrunk: the fewest steps found that still break an invariant of the same kind.
    public struct Shrunk: Sendable {
        /// The steps, each of which runs.
        public let steps: [ScenarioStep]
        /// The invariant they break (of the kind the run broke; the message may differ).
        public let violation: ExploreViolation
        /// How many replays shrinking took.
        public let replays: Int
    }

    /// Shrinks `steps`, which break `violation`'s invariant, with delta debugging
    /// (`ExploreShrinker`), stopping at `deadline` with the smallest found so far. On a Matrix
    /// homeserver the run's prelude (signing in, a match) is kept as it is.
    public func shrink(
        _ steps: [ScenarioStep], breaking violation: ExploreViolation, deadline: Date = .distantFuture
    ) -> Shrunk {
        var shrinker = ExploreShrinker(explorer: self, deadline: deadline)
        if case .matrix = backend {
            // A real server's replays are slow: its prelude (sign-in and a match, one of a few) stays.
            shrinker.kept =
                (0..<UInt64(ExploreValues.people.count)).lazy
                .map { StepGenerator.prelude(seed: $0, plan: MatrixScenarioWorld.plan) }
                .first { steps.starts(with: $0) } ?? []
        }
        let shrunk = shrinker.shrink(steps, breaking: violation)
        return Shrunk(steps: shrunk.steps, violation: shrunk.violation, replays: shrunk.replays)
    }

    /// Why a replay stopped: a step that could not run.
    public struct ReplayError: Error, Sendable {
        /// The index of the step.
        public let step: Int
        /// Why it could not run.
        public let message: String
    }

    /// Enough scheduled work for `steps` steps (a month's wait runs a few thousand pieces), and no
    /// more, so a timer that re-arms itself for ever is caught.
    static func workBudget(steps: Int) -> Int { 100_000 + 2_000 * steps }
}
