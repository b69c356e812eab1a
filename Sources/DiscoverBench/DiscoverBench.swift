import Contexts
import EmbeddedBackend
import Flows
import Foundation
import Headless
import Models
import Observation
import Services

/// `discover-bench`: the engine's cost against a hand-written floor, whole scenarios, and scale.
///
/// `swift run -c release discover-bench` for the figures in Docs/Performance.md; `--smoke` for a quick
/// run with small sizes (CI); `--only engine|scenario|deck|chat|sessions` for one section.
@main
@MainActor
enum DiscoverBench {
    static func main() {
        let arguments = CommandLine.arguments
        let smoke = arguments.contains("--smoke")
        let only = arguments.firstIndex(of: "--only").flatMap {
            arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
        }
        if let index = arguments.firstIndex(of: "--profile"), arguments.indices.contains(index + 1) {
            profile(arguments[index + 1])
            return
        }
        print(
            "discover-bench\(smoke ? " (smoke)" : "") — \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )
        if only == nil || only == "engine" { engineOverhead(smoke: smoke) }
        if only == nil || only == "scenario" { scenarios(smoke: smoke) }
        if only == nil || only == "deck" { deckScale(smoke: smoke) }
        if only == nil || only == "chat" { chatScale(smoke: smoke) }
        if only == nil || only == "sessions" { manySessions(smoke: smoke) }
        print("peak RSS \(BenchHarness.megabytes(BenchHarness.peakResidentBytes()))")
    }

    /// `--profile engine|floor [observers]`: 20,000 swipes of one variant and nothing else, to count
    /// instructions under `valgrind --tool=callgrind` (deterministic, unlike the clock).
    static func profile(_ variant: String) {
        let arguments = CommandLine.arguments
        let observers = arguments.last.flatMap { Int($0) } ?? 1
        switch variant {
        case "engine": runEngine(20_000, observers: observers, observation: .none)
        case "floor": runHandWritten(20_000, observers: observers)
        case "journey", "journey-files":
            // The set-up is not the journey: count only `Journey.run` with callgrind's
            // `--toggle-collect='*7Journey*3run*'`. "journey-files" keeps the app's files in /dev/shm.
            let folder = variant == "journey" ? nil : URL(fileURLWithPath: "/dev/shm", isDirectory: true)
            let journeys = (0..<observers).map { _ in Journey(folder: folder, passwordRounds: 1) }
            for journey in journeys { blackHole(journey.run() ? 1 : 0) }
            for journey in journeys { journey.cleanUp() }
        case "requests":
            // The journey's requests alone, sent straight to a prepared server (the baseline of section
            // 2): count only `ServerReplay.run` with `--toggle-collect='*12ServerReplay*3run*'`.
            let requests = recordedRequests()
            let replays = (0..<observers).map { _ in
                ServerReplay(journey: Journey(folder: nil, passwordRounds: 1), requests: requests)
            }
            for replay in replays { blackHole(replay.run().events) }
            for replay in replays { replay.journey.cleanUp() }
        case "hand-written":
            // The journey's floor: count only `HandWrittenJourney.run` with
            // `--toggle-collect='*18HandWrittenJourney*3run*'`.
            let journeys = (0..<observers).map { _ in Journey(folder: nil, passwordRounds: 1) }
            for journey in journeys { blackHole(HandWrittenJourney.run(journey) ? 1 : 0) }
            for journey in journeys { journey.cleanUp() }
        case "sampled-journey", "sampled-floor":
            // For `Scripts/sample` (a sampling profiler preloaded into this process): `count` batches
            // of 200 journeys, with SIGURG (ignored unless the profiler is loaded) sent just before and
            // just after each batch's runs, as the clock starts and stops in section 2.
            for _ in 0..<observers {
                let journeys = (0..<200).map { _ in Journey(folder: nil, passwordRounds: 1) }
                raise(SIGURG)
                for journey in journeys {
                    let ended = variant == "sampled-journey" ? journey.run() : HandWrittenJourney.run(journey)
                    blackHole(ended ? 1 : 0)
                }
                raise(SIGURG)
                for journey in journeys { journey.cleanUp() }
            }
        case "phases": journeyPhases(observers)
        case "floor-phases": journeyPhases(observers, handWritten: true)
        case "floor-phase-marks":
            // The hand-written journey's instructions per phase, as "phase-marks" counts the engine's.
            let journeys = (0..<observers).map { _ in Journey(folder: nil, passwordRounds: 1) }
            for journey in journeys { blackHole(HandWrittenJourney.run(journey) { phaseEnded($0) } ? 1 : 0) }
        case "phase-marks":
            // Instructions per phase: run under callgrind with `--dump-before='*phaseEnded*'`; each
            // dump holds one phase (the first also holds the set-up), in the order of `Journey.Phase`.
            let journeys = (0..<observers).map { _ in Journey(folder: nil, passwordRounds: 1) }
            for journey in journeys { blackHole(journey.run { phaseEnded($0) } ? 1 : 0) }
        default:
            print(
                "--profile engine|floor [observers] | journey [count] | journey-files [count] | requests [count]"
                    + " | hand-written [count] | phases [count] | phase-marks [count] | floor-phases [count]"
                    + " | floor-phase-marks [count]")
        }
    }

    static func blackHole(_ value: Int) {
        if value == Int.min { print("") }
    }
}
