import Foundation
import ScenarioLanguage

/// Shrinks a run that broke an invariant to a small one that breaks the same invariant: delta
/// debugging (Zeller's ddmin) over the steps, each candidate replayed from scratch in a fresh world.
///
/// A candidate counts when it breaks an invariant of the same kind. A step of it that cannot run (a
/// button that an earlier, removed step would have shown) is left out, so the run kept is the steps
/// that ran, each of which runs when the scenario is replayed. Ends with a
/// pass that tries removing each single step, so no one step can go; stops early after
/// ``maximumReplays`` replays or at the deadline, keeping the smallest found so far.
///
/// Steps the run begins with can be ``kept``: every candidate begins with them and they are never
/// removed (a real server's run, whose replays are slow, keeps its prelude of signing in and a
/// match, without which nothing else reproduces).
@MainActor
struct ExploreShrinker {
    /// The explorer that replays candidates.
    let explorer: Explorer
    /// The most replays one shrink may make.
    var maximumReplays = 3_000
    /// When to stop and keep the smallest found so far.
    var deadline = Date.distantFuture
    /// The steps every candidate begins with, never removed (none on the embedded backend).
    var kept: [ScenarioStep] = []

    /// The smallest run found that breaks an invariant of `violation`'s kind, with the violation it
    /// breaks, and how many replays it took.
    func shrink(_ steps: [ScenarioStep], breaking violation: ExploreViolation) -> (
        steps: [ScenarioStep], violation: ExploreViolation, replays: Int
    ) {
        var replays = 0
        let kept = steps.starts(with: kept) ? kept : []
        var current = Array(steps.dropFirst(kept.count))
        var found = violation
        // A candidate that reproduces replaces the current run with the steps that ran.
        var ran: [ScenarioStep] = []
        func reproduces(_ candidate: [ScenarioStep]) -> Bool {
            guard replays < maximumReplays, Date() < deadline else { return false }
            replays += 1
            let replay = explorer.replay(kept + candidate, skippingWhatCannotRun: true)
            guard let broken = replay.violation, broken.kind == violation.kind, replay.ran.starts(with: kept)
            else { return false }
            (found, ran) = (broken, Array(replay.ran.dropFirst(kept.count)))
            return true
        }
        var parts = 2
        while current.count >= 2 {
            let chunks = Self.split(current.count, into: parts)
            var reduced = false
            // A chunk alone, then everything but one chunk.
            for chunk in chunks {
                if reproduces(Array(current[chunk])) {
                    (current, parts, reduced) = (ran, 2, true)
                    break
                }
            }
            if !reduced {
                for chunk in chunks {
                    let candidate = Array(current[..<chunk.lowerBound] + current[chunk.upperBound...])
                    if reproduces(candidate) {
                        (current, parts, reduced) = (ran, max(parts - 1, 2), true)
                        break
                    }
                }
            }
            if !reduced {
                guard parts < current.count else { break }
                parts = min(current.count, parts * 2)
            }
            if replays >= maximumReplays || Date() >= deadline { break }
        }
        // One step at a time, from the end, until none can go.
        var index = current.count - 1
        while index >= 0 {
            var candidate = current
            candidate.remove(at: index)
            if reproduces(candidate) { current = ran }
            index = min(index, current.count) - 1
        }
        return (kept + current, found, replays)
    }

    /// `count` indices in `parts` ranges of nearly equal size.
    static func split(_ count: Int, into parts: Int) -> [Range<Int>] {
        let parts = max(1, min(parts, count))
        return (0..<parts).map { part in (count * part / parts)..<(count * (part + 1) / parts) }
    }
}
