import Contexts
import EmbeddedBackend
import Flows
import Foundation
import Headless
import Models
import Observation
import Services

extension DiscoverBench {
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
        func bareFloor(observers: Int) -> BenchHarness.Figure {
            BenchHarness.measure(
                "bare floor: a counter and a card index, \(observers) observer\(observers == 1 ? "" : "s")",
                operations: operations, repetitions: repetitions
            ) { count in
                let deck = FloorDeck(cards: 20)
                var sink = 0
                deck.observers = (0..<observers).map { _ in { sink &+= $0.top } }
                for index in 0..<count { deck.send(index.isMultiple(of: 2) ? .like : .pass) }
                blackHole(sink)
            }
        }
        let floor1 = bareFloor(observers: 1)
        let floor10 = bareFloor(observers: 10)
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

}
