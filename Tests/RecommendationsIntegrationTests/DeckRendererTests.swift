import Contexts
import Flows
import Headless
import Models
import Services
import TestSupport
import Testing

/// The deck flow renders through a holder its render closure keeps strongly: the renders stop with
/// the flow, and every change the deck shows still reaches home.
@MainActor
@Suite struct DeckRendererTests {
    /// Analytics that keeps every event.
    final class Events: AnalyticsSink {
        var recorded: [AnalyticsEvent] = []
        func record(_ event: AnalyticsEvent) { recorded.append(event) }
    }

    @Test func aReleasedDeckFlow_rendersNothingMore() throws {
        let queueStore = try InMemoryUserDataStore().swipeQueue(for: "alice")
        let (world, deck) = try SwipeQueueStorageTests.startedDeck(savingTo: queueStore)
        let services = world.backend.makeServices()
        let events = Events()
        let presenter = CountingPresenter(transcript: Transcript(clock: world.backend.scheduler))
        let environment = FlowEnvironment(presenter: presenter, analytics: events, services: services)
        var changes = 0
        let authorizer = RequestAuthorizer(
            tokens: AuthTokens(accessToken: "unused", accessTokenExpiresAt: nil, refreshToken: nil),
            auth: services.auth
        ) { _ in }
        var flow: DeckFlow? = DeckFlow(environment: environment, context: deck) { current in
            PreferencesContext(current: current, authorizer: authorizer, discovery: services.discovery)
        }
        flow?.onContentChanged = { changes += 1 }
        flow?.isVisible = true
        flow?.start()
        let before = changes
        deck.swiped(.pass)
        #expect(changes == before + 1)
        #expect(events.recorded.contains { if case .swiped(.pass, _) = $0 { true } else { false } })
        weak let released = flow
        flow = nil
        #expect(released == nil)
        let recorded = events.recorded.count
        deck.swiped(.like)
        world.backend.scheduler.advance(by: .seconds(5))
        #expect(changes == before + 1)
        #expect(events.recorded.count == recorded)
    }
}
