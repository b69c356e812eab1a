import Contexts
import EmbeddedBackend
import Flows
import Foundation
import Headless
import Models
import Observation
import Services

extension DiscoverBench {
    // MARK: 2. Whole scenarios

    static let endToEnd = """
        scenario: launch, login, 20 swipes, a match, 10 messages, logout
        given demo people
        given candidates 200
        given I am alice
        given dave matches me
        carol likes me
        launch
        tap "Log in"
        type "alice" into "Username or email"
        type "wonderland" into "Password"
        tap "Log in"
        swipe right
        expect screen match
        tap "Keep swiping"
        \((0..<19).map { _ in "swipe left" }.joined(separator: "\n"))
        open discover://chat/m-alice-dave
        \((0..<10).map { "type \"Message \($0)\" into \"Message\"\ntap \"Send\"" }.joined(separator: "\n"))
        expect outbox 0
        tap "Back"
        logout
        expect screen welcome
        """

    static func scenarios(smoke: Bool) {
        print("\n== 2. end-to-end scenario on the embedded backend (virtual time, in-process)")
        guard case .success(let scenario) = ScenarioParser.parse(endToEnd, path: "bench") else {
            fail("the benchmark scenario does not parse")
        }
        // Storage on a memory-backed file system, where there is one, takes the disk's fsync out of the
        // figure: the engine still encodes, writes and renames every file.
        let memoryFolder = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let inMemory = FileManager.default.isWritableFile(atPath: memoryFolder.path)
        func runner(in folder: URL) -> ScenarioRunner {
            ScenarioRunner { configuration, latency in
                let world = EmbeddedScenarioWorld(
                    directory: folder.appendingPathComponent("discover-bench-\(UUID().uuidString)"),
                    configuration: configuration)
                world.app.backend.server.latency = latency
                return world
            }
        }
        let onDisk = ScenarioRunner.embedded()
        let onMemory = runner(in: inMemory ? memoryFolder : FileManager.default.temporaryDirectory)
        for runner in [onDisk, onMemory] {
            if let failure = runner.run(scenario).result.failure {
                fail("the benchmark scenario failed at line \(failure.line): \(failure.message)")
            }
        }
        let folder = inMemory ? memoryFolder : FileManager.default.temporaryDirectory
        for storage in [nil, folder] {
            let journey = Journey(folder: storage)
            defer { journey.cleanUp() }
            guard journey.run() else { fail("the journey did not end signed out on the welcome screen") }
        }
        let requests = recordedRequests()
        let operations = smoke ? 3 : 50
        let repetitions = smoke ? 1 : 5
        let disk = BenchHarness.measure(
            "runner + headless front end, files on disk", operations: operations, repetitions: repetitions
        ) { count in
            for _ in 0..<count { blackHole(onDisk.run(scenario).result.passed ? 1 : 0) }
        }
        let memory = BenchHarness.measure(
            "runner + headless front end, files in \(inMemory ? "/dev/shm" : "the temporary folder")",
            operations: operations * 4, repetitions: repetitions
        ) { count in
            for _ in 0..<count { blackHole(onMemory.run(scenario).result.passed ? 1 : 0) }
        }
        let rounds = EmbeddedServerConfiguration().passwordRounds
        let journeyOnDisk = measureJourneys(
            "journey, files on disk", operations: operations, repetitions: repetitions,
            folder: FileManager.default.temporaryDirectory, passwordRounds: rounds)
        let journeyOnMemory = measureJourneys(
            "journey, files in \(inMemory ? "/dev/shm" : "the temporary folder")",
            operations: operations * 4, repetitions: repetitions, folder: folder, passwordRounds: rounds)
        let journeyHashing = measureJourneys(
            "journey, stores in memory, server hashing \(rounds) rounds", operations: operations * 20,
            repetitions: repetitions, folder: nil, passwordRounds: rounds)
        let journey = measureJourneys(
            "journey, stores in memory, server hashing 1 round", operations: operations * 20,
            repetitions: repetitions, folder: nil, passwordRounds: 1)
        let server = measureReplays(
            "baseline: the journey's requests alone, 1 round", operations: operations * 20,
            repetitions: repetitions, requests: requests)
        let handWritten = measureHandWritten(
            "floor: the journey written by hand, same stores and server", operations: operations * 20,
            repetitions: repetitions)
        for figure in [
            disk, memory, journeyOnDisk, journeyOnMemory, journeyHashing, journey, handWritten, server,
        ] {
            print(figure.line)
        }
        // On a noisy run the floor can come out barely above its own server's share: no ratio then.
        let floorsShare = handWritten.median - server.median
        print(
            "the journey against its floor (1 round): "
                + String(format: "%.2f×", journey.median / handWritten.median)
                + " (client's share against the floor's: "
                + (floorsShare > 0.02 * server.median
                    ? String(format: "%.2f×", (journey.median - server.median) / floorsShare) : "n/a")
                + ")")
        print(
            String(
                format: "the client's share of the journey (1 round): %@ of %@ (%.0f %%); the server's %@",
                BenchHarness.format(journey.median - server.median), BenchHarness.format(journey.median),
                100 * (journey.median - server.median) / journey.median, BenchHarness.format(server.median)))
        print(
            String(
                format:
                    "scenarios per second on one core: %.0f (journey in memory), %.0f (runner, files on disk)",
                1e9 / journey.median, 1e9 / disk.median))
    }

    /// Marks the end of a journey's phase for callgrind's `--dump-before` (does nothing itself).
    @inline(never)
    static func phaseEnded(_ phase: Journey.Phase) { blackHole(phase.rawValue) }

    /// `--profile phases [count]` (or `floor-phases`, the hand-written journey's): the median time
    /// of each phase of the journey in memory.
    static func journeyPhases(_ count: Int, handWritten: Bool = false) {
        let journeys = (0..<count).map { _ in Journey(folder: nil, passwordRounds: 1) }
        var samples = Array(repeating: [Double](), count: Journey.Phase.allCases.count)
        for journey in journeys {
            var last = BenchHarness.now()
            let phaseEnded = { (phase: Journey.Phase) in
                let now = BenchHarness.now()
                samples[phase.rawValue].append(Double(now - last))
                last = BenchHarness.now()
            }
            _ = handWritten ? HandWrittenJourney.run(journey, phaseEnded) : journey.run(phaseEnded)
        }
        for phase in Journey.Phase.allCases {
            let sorted = samples[phase.rawValue].sorted()
            guard !sorted.isEmpty else { continue }
            print(
                "\(phase)".padding(toLength: 10, withPad: " ", startingAt: 0),
                BenchHarness.format(sorted[sorted.count / 2]))
        }
    }

    /// Times `count` journeys whose set-up is done beforehand, untimed; the figure is per journey.
    static func measureJourneys(
        _ name: String, operations: Int, repetitions: Int, folder: URL?, passwordRounds: Int
    ) -> BenchHarness.Figure {
        BenchHarness.measure(name, operations: operations, repetitions: repetitions) { count, clock in
            let journeys = (0..<count).map { _ in Journey(folder: folder, passwordRounds: passwordRounds) }
            clock.start()
            for journey in journeys { blackHole(journey.run() ? 1 : 0) }
            clock.stop()
            for journey in journeys { journey.cleanUp() }
        }
    }

    /// Records the journey's requests, then checks that sending them again to a fresh server gets the
    /// same answers, events and per-endpoint counts (so the baseline does the journey's server work).
    static func recordedRequests() -> [RequestRecorder.Request] {
        let recorder = RequestRecorder()
        let recorded = Journey(folder: nil, passwordRounds: 1, recorder: recorder)
        guard recorded.run() else { fail("the recorded journey did not end on the welcome screen") }
        let replay = ServerReplay(
            journey: Journey(folder: nil, passwordRounds: 1), requests: recorder.requests)
        let heard = replay.run(keepingAnswers: true)
        let counts = ServerReplay.requestCounts(recorded.backend.server)
        guard counts == ServerReplay.requestCounts(replay.journey.backend.server) else {
            fail("the replayed requests reached other endpoints than the journey's")
        }
        if let index = recorder.answers.indices.first(where: { recorder.answers[$0] != heard.answers[$0] }) {
            fail(
                "request \(index) of the replay was answered \(heard.answers[index] ?? "nothing"), "
                    + "the journey's \(recorder.answers[index] ?? "nothing")")
        }
        guard heard.events == recorder.events else {
            fail("the replay heard \(heard.events) live events, the journey \(recorder.events)")
        }
        checkHandWritten(against: recorder, counts: counts)
        let perEndpoint = zip(EmbeddedEndpoint.allCases, counts).filter { $0.1 > 0 }
            .map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        print(
            "the journey's requests (\(counts.reduce(0, +)): \(perEndpoint); \(recorder.events) live events)"
                + " replay to a fresh server with the same answers")
        return recorder.requests
    }

    /// Checks that the hand-written journey sends the engine journey's requests: the same answers (so
    /// the same arguments, ids and times), the same live events and the same per-endpoint counts.
    static func checkHandWritten(against engine: RequestRecorder, counts: [Int]) {
        let recorder = RequestRecorder()
        let journey = Journey(folder: nil, passwordRounds: 1, recorder: recorder)
        guard HandWrittenJourney.run(journey) else {
            fail("the hand-written journey did not end signed out on the welcome screen")
        }
        guard ServerReplay.requestCounts(journey.backend.server) == counts else {
            fail("the hand-written journey reached other endpoints than the engine's")
        }
        let (mine, theirs) = (recorder.answers, engine.answers)
        if let index = theirs.indices.first(where: { !mine.indices.contains($0) || mine[$0] != theirs[$0] }) {
            fail(
                "request \(index) of the hand-written journey was answered "
                    + "\(mine.indices.contains(index) ? mine[index] ?? "nothing" : "nothing"), "
                    + "the engine's \(theirs[index] ?? "nothing")")
        }
        guard mine.count == theirs.count, recorder.events == engine.events else {
            fail(
                "the hand-written journey sent \(mine.count) requests and heard \(recorder.events) events, "
                    + "the engine \(theirs.count) and \(engine.events)")
        }
    }

    /// Times `count` hand-written journeys (``HandWrittenJourney``) whose set-up is done beforehand.
    static func measureHandWritten(_ name: String, operations: Int, repetitions: Int) -> BenchHarness.Figure {
        BenchHarness.measure(name, operations: operations, repetitions: repetitions) { count, clock in
            let journeys = (0..<count).map { _ in Journey(folder: nil, passwordRounds: 1) }
            clock.start()
            for journey in journeys { blackHole(HandWrittenJourney.run(journey) ? 1 : 0) }
            clock.stop()
            for journey in journeys { journey.cleanUp() }
        }
    }

    /// Times `count` replays of `requests`, each to a server prepared beforehand, untimed.
    static func measureReplays(
        _ name: String, operations: Int, repetitions: Int, requests: [RequestRecorder.Request]
    ) -> BenchHarness.Figure {
        BenchHarness.measure(name, operations: operations, repetitions: repetitions) { count, clock in
            let replays = (0..<count).map { _ in
                ServerReplay(journey: Journey(folder: nil, passwordRounds: 1), requests: requests)
            }
            clock.start()
            for replay in replays { blackHole(replay.run().events) }
            clock.stop()
            for replay in replays { replay.journey.cleanUp() }
        }
    }

    /// Prints `message` and ends the benchmark with a failure (CI runs the smoke mode).
    static func fail(_ message: String) -> Never {
        print(message)
        exit(1)
    }
}
