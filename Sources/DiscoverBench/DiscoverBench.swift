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

    // MARK: 1. Engine overhead per user action

    static func engineOverhead(smoke: Bool) {
        print("\n== 1. engine overhead per swipe (intent → flow → context → interactors → state → observers)")
        let operations = smoke ? 2_000 : 200_000
        let repetitions = smoke ? 3 : 7
        let honest1 = BenchHarness.measure(
            "floor: the same work by hand, 1 observer", operations: operations, repetitions: repetitions
        ) { count in
            runHandWritten(count, observers: 1)
        }
        let honest10 = BenchHarness.measure(
            "floor: the same work by hand, 10 observers", operations: operations, repetitions: repetitions
        ) { count in
            runHandWritten(count, observers: 10)
        }
        let floor1 = BenchHarness.measure(
            "bare floor: a counter and a card index, 1 observer", operations: operations,
            repetitions: repetitions
        ) { count in
            let deck = FloorDeck(cards: 20)
            var sink = 0
            deck.observers = [{ sink &+= $0.top }]
            for index in 0..<count { deck.send(index.isMultiple(of: 2) ? .like : .pass) }
            blackHole(sink)
        }
        let floor10 = BenchHarness.measure(
            "bare floor: a counter and a card index, 10 observers", operations: operations,
            repetitions: repetitions
        ) { count in
            let deck = FloorDeck(cards: 20)
            var sink = 0
            deck.observers = (0..<10).map { _ in { sink &+= $0.top } }
            for index in 0..<count { deck.send(index.isMultiple(of: 2) ? .like : .pass) }
            blackHole(sink)
        }
        let engine1 = BenchHarness.measure(
            "engine: DeckFlow + DeckContext, 1 closure observer", operations: operations,
            repetitions: repetitions
        ) { count in
            runEngine(count, observers: 1, observation: .none)
        }
        let engine10 = BenchHarness.measure(
            "engine: DeckFlow + DeckContext, 10 closure observers", operations: operations,
            repetitions: repetitions
        ) { count in
            runEngine(count, observers: 10, observation: .none)
        }
        let observable = BenchHarness.measure(
            "engine: + an @Observable observer", operations: operations, repetitions: repetitions
        ) { count in
            runEngine(count, observers: 1, observation: .observable)
        }
        let stream = BenchHarness.measure(
            "engine: + an AsyncSequence observer", operations: operations, repetitions: repetitions
        ) { count in
            runEngine(count, observers: 1, observation: .asyncSequence)
        }
        for figure in [honest1, honest10, floor1, floor10, engine1, engine10, observable, stream] {
            print(figure.line)
        }
        print(
            String(
                format: "ratio engine/floor (the same work): 1 observer %.1f×, 10 observers %.1f×",
                engine1.median / honest1.median, engine10.median / honest10.median))
        print(
            String(
                format: "ratio engine/bare floor: 1 observer %.1f×, 10 observers %.1f×",
                engine1.median / floor1.median, engine10.median / floor10.median))
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
        case "phases": journeyPhases(observers)
        case "phase-marks":
            // Instructions per phase: run under callgrind with `--dump-before='*phaseEnded*'`; each
            // dump holds one phase (the first also holds the set-up), in the order of `Journey.Phase`.
            let journeys = (0..<observers).map { _ in Journey(folder: nil, passwordRounds: 1) }
            for journey in journeys { blackHole(journey.run { phaseEnded($0) } ? 1 : 0) }
        default:
            print(
                "--profile engine|floor [observers] | journey [count] | journey-files [count]"
                    + " | phases [count] | phase-marks [count]")
        }
    }

    static func runHandWritten(_ count: Int, observers: Int) {
        let deck = HandWrittenDeck()
        let sink = Counter()
        deck.observers = (0..<observers).map { _ in { sink.value &+= $0.cards.count } }
        let like = Intent.tap("deck:like")
        let pass = Intent.tap("deck:pass")
        for index in 0..<count {
            deck.handle(index.isMultiple(of: 2) ? like : pass)
            deck.deliver()
        }
        blackHole(sink.value)
    }

    enum Observation {
        case none
        case observable
        case asyncSequence
    }

    static func runEngine(_ count: Int, observers: Int, observation: Observation) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = EmbeddedBackend(storageDirectory: directory)
        var services = backend.makeServices()
        services.discovery = EndlessDiscovery(scheduler: backend.scheduler)
        let tokens = AuthTokens(accessToken: "bench", accessTokenExpiresAt: nil, refreshToken: nil)
        let authorizer = RequestAuthorizer(tokens: tokens, auth: services.auth) { _ in }
        let context = DeckContext(
            viewer: "me", authorizer: authorizer, discovery: services.discovery, scheduler: backend.scheduler,
            ids: services.ids, queueStore: nil)
        let environment = FlowEnvironment(
            presenter: NullPresenter(), analytics: CountingAnalytics(), services: services)
        let flow = DeckFlow(environment: environment, context: context) { current in
            PreferencesContext(current: current, authorizer: authorizer, discovery: services.discovery)
        }
        flow.start()
        backend.scheduler.runDue()
        let sink = Counter()
        let tokensHeld = (0..<observers).map { _ in context.observe { sink.value &+= $0.cards.count } }
        var stream: AsyncStream<DeckState>?
        if observation == .asyncSequence { stream = context.states }
        func track() {
            withObservationTracking {
                _ = context.store.state
            } onChange: { [sink] in
                sink.add()
            }
        }
        if observation == .observable { track() }
        let like = Intent.tap("deck:like")
        let pass = Intent.tap("deck:pass")
        for index in 0..<count {
            _ = flow.handle(index.isMultiple(of: 2) ? like : pass)
            backend.scheduler.runDue()
            if observation == .observable { track() }
        }
        blackHole(sink.value)
        withExtendedLifetime((tokensHeld, stream)) {}
    }

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
            print("the benchmark scenario does not parse")
            return
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
                print("the benchmark scenario failed at line \(failure.line): \(failure.message)")
                return
            }
        }
        let folder = inMemory ? memoryFolder : FileManager.default.temporaryDirectory
        for storage in [nil, folder] {
            let journey = Journey(folder: storage)
            defer { journey.cleanUp() }
            guard journey.run() else {
                print("the journey did not end signed out on the welcome screen")
                return
            }
        }
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
        for figure in [disk, memory, journeyOnDisk, journeyOnMemory, journeyHashing, journey] {
            print(figure.line)
        }
        print(
            String(
                format:
                    "scenarios per second on one core: %.0f (journey in memory), %.0f (runner, files on disk)",
                1e9 / journey.median, 1e9 / disk.median))
    }

    /// The scenario's journey without the scenario runner or the headless front end: a prepared
    /// backend, then intents sent through a ``RecordingPresenter`` to the flows.
    struct Journey {
        let backend: EmbeddedBackend
        let services: AppServices

        /// Prepares the server (demo people, alice and dave liking each other, carol liking alice):
        /// the set-up, not timed. `folder` keeps the app's files there; `nil` keeps them in memory.
        init(folder: URL?, passwordRounds: Int = EmbeddedServerConfiguration().passwordRounds) {
            let directory = (folder ?? FileManager.default.temporaryDirectory)
                .appendingPathComponent("discover-bench-\(UUID().uuidString)")
            backend = EmbeddedBackend(
                storageDirectory: directory,
                configuration: EmbeddedServerConfiguration(
                    passwordRounds: passwordRounds, candidatePoolSize: 200))
            backend.addDemoAccounts()
            backend.server.like(from: "alice", to: "dave")
            backend.server.like(from: "dave", to: "alice")
            backend.server.like(from: "carol", to: "alice")
            var services = backend.makeServices()
            if folder == nil {
                services.sessionStore = InMemorySessionStore()
                services.userData = InMemoryUserDataStore()
            }
            self.services = services
        }

        /// Removes the app's files, if any.
        func cleanUp() { try? FileManager.default.removeItem(at: backend.storageDirectory) }

        /// The journey's phases, for the time each takes.
        enum Phase: Int, CaseIterable {
            case launch, login, swipes, chat, logout
        }

        /// launch → login → like (a match) → 19 passes → a deep link to the chat → 10 messages →
        /// back → logout. `true` if it ends signed out on the welcome screen with nothing left to send.
        @MainActor
        func run() -> Bool { run { _ in } }

        /// The journey, calling `phaseEnded` after each phase (to time them).
        @MainActor
        func run(_ phaseEnded: (Phase) -> Void) -> Bool {
            let presenter = RecordingPresenter()
            let app = AppFlow(services: services, presenter: presenter, analytics: CountingAnalytics())
            func send(_ intent: Intent) {
                presenter.send(intent)
                backend.scheduler.runDue()
            }
            app.launch()
            backend.scheduler.runDue()
            phaseEnded(.launch)
            send(.tap("logIn"))
            send(.edit("username", "alice"))
            send(.edit("password", "wonderland"))
            send(.tap("submit"))
            phaseEnded(.login)
            send(.tap("deck:like"))
            guard presenter.top == .match else { return false }
            send(.tap("match:keepSwiping"))
            for _ in 0..<19 { send(.tap("deck:pass")) }
            phaseEnded(.swipes)
            app.open("discover://chat/m-alice-dave")
            backend.scheduler.runDue()
            guard presenter.top == .chat else { return false }
            for index in 0..<10 {
                send(.edit("message", "Message \(index)"))
                send(.tap("chat:send"))
            }
            guard app.sessionFlow?.mainFlow?.chat.state.outboxCount == 0 else { return false }
            send(.tap("back"))
            phaseEnded(.chat)
            send(.tap("logOut"))
            send(.tap("confirmLogOut"))
            phaseEnded(.logout)
            return presenter.top == .welcome
        }
    }

    /// Marks the end of a journey's phase for callgrind's `--dump-before` (does nothing itself).
    @inline(never)
    static func phaseEnded(_ phase: Journey.Phase) { blackHole(phase.rawValue) }

    /// `--profile phases [count]`: the median time of each phase of the journey in memory.
    static func journeyPhases(_ count: Int) {
        let journeys = (0..<count).map { _ in Journey(folder: nil, passwordRounds: 1) }
        var samples = Array(repeating: [Double](), count: Journey.Phase.allCases.count)
        for journey in journeys {
            var last = BenchHarness.now()
            _ = journey.run { phase in
                let now = BenchHarness.now()
                samples[phase.rawValue].append(Double(now - last))
                last = BenchHarness.now()
            }
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

    // MARK: 3. Scale

    static func deckScale(smoke: Bool) {
        print("\n== 3a. a deck over a large pool (embedded server, ranking, paging, refills)")
        let sizes = smoke ? [10_000] : [10_000, 100_000, 1_000_000]
        for size in sizes {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let before = BenchHarness.residentBytes()
            let backend = EmbeddedBackend(
                storageDirectory: directory,
                configuration: EmbeddedServerConfiguration(candidatePoolSize: size, dailyLikeLimit: 1_000_000)
            )
            backend.addDemoAccounts()
            let app = HeadlessApp(backend: backend)
            app.launch()
            do {
                try app.tap("Log in")
                try app.type("alice", into: "Username or email")
                try app.type("wonderland", into: "Password")
                let start = BenchHarness.now()
                try app.tap("Log in")
                let firstCard = BenchHarness.now() - start
                let swipes = smoke ? 200 : 2_000
                let swipeStart = BenchHarness.now()
                for _ in 0..<swipes { try app.tap("Pass") }
                let perSwipe = Double(BenchHarness.now() - swipeStart) / Double(swipes)
                print(
                    "pool \(String(size).padding(toLength: 9, withPad: " ", startingAt: 0)) sign-in to first card \(BenchHarness.format(Double(firstCard)))  per swipe (with refills) \(BenchHarness.format(perSwipe))  memory +\(BenchHarness.megabytes(BenchHarness.residentBytes() - before))  positions scanned \(backend.server.positionsScanned)"
                )
            } catch {
                print("pool \(size): \(error)")
            }
        }
    }

    static func chatScale(smoke: Bool) {
        print("\n== 3b. chat with many conversations and messages (embedded server + chat context + list)")
        let shapes =
            smoke
            ? [(100, 100)] : [(100, 100), (1_000, 100), (10_000, 100), (100_000, 10), (1_000_000, 1)]
        for (conversations, each) in shapes {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let before = BenchHarness.residentBytes()
            let backend = EmbeddedBackend(
                storageDirectory: directory,
                configuration: EmbeddedServerConfiguration(candidatePoolSize: conversations))
            backend.addDemoAccounts()
            backend.server.seedConversations(for: "alice", count: conversations, messagesEach: each)
            let services = backend.makeServices()
            let session = HeadlessBenchSession(backend: backend, services: services)
            guard session.signIn() else {
                print("could not sign in")
                continue
            }
            let openStart = BenchHarness.now()
            session.chat?.loadHistory(of: "m-alice-c0", older: false)
            backend.scheduler.runDue()
            let open = BenchHarness.now() - openStart
            let messages = smoke ? 200 : 2_000
            var client: UInt64 = 0
            let start = BenchHarness.now()
            for index in 0..<messages {
                _ = try? backend.server.sendMessage(
                    from: CandidateGenerator.id(of: index % conversations), to: "alice", "hi")
                let delivered = BenchHarness.now()
                backend.scheduler.runDue()
                client += BenchHarness.now() - delivered
            }
            let perMessage = Double(BenchHarness.now() - start) / Double(messages)
            let perMessageClient = Double(client) / Double(messages)
            print(
                "\(conversations) conversations × \(each) = \(conversations * each) messages: per incoming message (list re-ordered, unread counted) \(BenchHarness.format(perMessage)), of which the client (chat context, list, observers) \(BenchHarness.format(perMessageClient))  open + page 50 \(BenchHarness.format(Double(open)))  memory +\(BenchHarness.megabytes(BenchHarness.residentBytes() - before))"
            )
        }
    }

    // MARK: 4. Many sessions

    static func manySessions(smoke: Bool) {
        print("\n== 4. many signed-in engines in one process")
        let count = smoke ? 200 : 10_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = EmbeddedBackend(
            storageDirectory: directory,
            configuration: EmbeddedServerConfiguration(passwordRounds: 1, candidatePoolSize: 50))
        backend.addDemoAccounts()
        backend.scheduler.runDue()
        let before = BenchHarness.residentBytes()
        let heapBefore = BenchHarness.liveHeapBytes() ?? 0
        var sessions: [HeadlessBenchSession] = []
        for index in 0..<count {
            let folder = directory.appendingPathComponent("s\(index)")
            let device = EmbeddedBackend(sharing: backend, storageDirectory: folder)
            let session = HeadlessBenchSession(backend: device, services: device.makeServices())
            _ = session.signIn()
            sessions.append(session)
        }
        let signedIn = BenchHarness.residentBytes()
        let heapSignedIn = BenchHarness.liveHeapBytes() ?? 0
        for session in sessions { session.logout() }
        sessions = []
        backend.scheduler.runDue()
        let after = BenchHarness.residentBytes()
        let heapAfter = BenchHarness.liveHeapBytes() ?? 0
        BenchHarness.trimHeap()
        let trimmed = BenchHarness.residentBytes()
        func perSession(_ bytes: Int) -> String {
            String(format: "%.1f KB", Double(bytes) / Double(count) / 1024)
        }
        print(
            "\(count) sessions, resident set: \(BenchHarness.megabytes(signedIn - before)) in all (\(perSession(signedIn - before)) per session); after logging all out \(BenchHarness.signedMegabytes(after - before)) over the start, \(BenchHarness.signedMegabytes(trimmed - before)) after malloc_trim(0)"
        )
        print(
            "\(count) sessions, live heap: \(BenchHarness.megabytes(heapSignedIn - heapBefore)) in all (\(perSession(heapSignedIn - heapBefore)) per session); after logging all out \(BenchHarness.signedMegabytes(heapAfter - heapBefore)) over the start"
        )
    }

    static func blackHole(_ value: Int) {
        if value == Int.min { print("") }
    }
}

/// A counter observers can bump.
final class Counter: @unchecked Sendable {
    var value = 0
    func add() { value &+= 1 }
}

/// One engine signed in as alice with no front end: an app flow over a null presenter.
@MainActor
final class HeadlessBenchSession {
    let backend: EmbeddedBackend
    let app: AppFlow

    init(backend: EmbeddedBackend, services: AppServices) {
        self.backend = backend
        app = AppFlow(services: services, presenter: NullPresenter(), analytics: CountingAnalytics())
    }

    var main: MainFlow? { app.sessionFlow?.mainFlow }
    var chat: ChatContext? { main?.chat }

    func signIn() -> Bool {
        app.launch()
        backend.scheduler.runDue()
        guard let login = app.sessionFlow?.children.first as? LoginFlow else { return main != nil }
        login.context.fieldChanged(.username, to: "alice")
        login.context.fieldChanged(.password, to: "wonderland")
        login.context.submit()
        backend.scheduler.runDue()
        return main != nil
    }

    func logout() {
        app.sessionFlow?.context.logout()
        backend.scheduler.runDue()
    }
}
