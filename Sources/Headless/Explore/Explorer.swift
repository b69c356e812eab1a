import EmbeddedBackend
import Foundation

/// Model-based exploration: from a seed, thousands of random but valid scenario steps on the
/// embedded backend with virtual time, the invariants (`ExploreInvariants`) checked after each; a
/// broken one is shrunk (`ExploreShrinker`) to a small scenario that still breaks it.
///
/// Deterministic: the same seed, step count and faults make the same steps, so a run can be
/// repeated from scratch as often as shrinking needs.
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
    }

    /// The server's faults (`EmbeddedFaults`; none but in the explorer's tests).
    public let faults: EmbeddedFaults
    /// Whether the app's stored session and queues are kept in memory (fast) rather than in files
    /// (each save written and flushed to the disk, as the app does).
    public let storesInMemory: Bool

    /// Creates an explorer whose worlds have `faults`, their stores in memory or in files.
    public init(faults: EmbeddedFaults = [], storesInMemory: Bool = true) {
        self.faults = faults
        self.storesInMemory = storesInMemory
    }

    /// Explores from `seed` for `steps` steps (after the prelude), or until `deadline`; stops at the
    /// first broken invariant.
    public func explore(seed: UInt64, steps: Int, deadline: Date = .distantFuture) -> Run {
        let session = ExploreSession(
            faults: faults, workBudget: Self.workBudget(steps: steps), storesInMemory: storesInMemory)
        var generator = StepGenerator(seed: seed)
        var taken: [ScenarioStep] = []
        var attempts = 0
        for step in StepGenerator.prelude {
            taken.append(step)
            if case .broke(let violation) = session.perform(step) {
                return Run(seed: seed, steps: taken, violation: violation)
            }
        }
        while taken.count < steps + StepGenerator.prelude.count, attempts < steps * 4 {
            attempts += 1
            if attempts % 256 == 0, Date() > deadline { break }
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
        let session = ExploreSession(
            faults: faults, workBudget: Self.workBudget(steps: steps.count), storesInMemory: storesInMemory)
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
    /// (`ExploreShrinker`), stopping at `deadline` with the smallest found so far.
    public func shrink(
        _ steps: [ScenarioStep], breaking violation: ExploreViolation, deadline: Date = .distantFuture
    ) -> Shrunk {
        let shrunk = ExploreShrinker(explorer: self, deadline: deadline).shrink(steps, breaking: violation)
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
