import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

@MainActor
@Suite struct HomeRenderTests {
    @Test func theServersAnswerToASwipe_changesNothingShown_soHomeIsNotRenderedAgain() throws {
        let folder = TemporaryDirectory()
        let (backend, presenter, app) = try Self.aliceOnHome(in: folder)
        backend.server.latency = .seconds(1)
        let top = presenter.frontEnd.visibleTexts
        let before = presenter.updates.count
        try presenter.frontEnd.tap("Pass")
        #expect(presenter.frontEnd.visibleTexts != top)
        #expect(presenter.updates.dropFirst(before) == [.home])
        backend.scheduler.advance(by: .seconds(1))
        #expect(backend.server.swipeCount(of: "alice") == 1)
        #expect(presenter.updates.dropFirst(before) == [.home])
        withExtendedLifetime(app) {}
    }

    /// Home hands the deck its taps first on the deck tab: a conversation's tap and home's own still
    /// reach home there, and the deck's taps swipe.
    @Test func onTheDeckTab_homesOwnTapsAndAConversationsTap_stillReachHome() throws {
        let folder = TemporaryDirectory()
        let (backend, presenter, app) = try Self.aliceOnHome(in: folder) { backend in
            backend.server.like(from: "alice", to: "dave")
            backend.server.like(from: "dave", to: "alice")
        }
        let home = try #require(presenter.rootAction)
        let swipes = backend.server.swipeCount(of: "alice")
        home(.home(.deck(.passTapped)))
        backend.scheduler.runDue()
        #expect(backend.server.swipeCount(of: "alice") == swipes + 1)
        home(.home(.matches(.conversationTapped("m-alice~dave"))))
        backend.scheduler.runDue()
        #expect(presenter.frontEnd.stackIDs == [.home, .chat])
        try presenter.frontEnd.tap("Back")
        backend.scheduler.runDue()
        home(.home(.matchesTabTapped))
        #expect(presenter.frontEnd.visibleTexts.contains { $0.contains("Dave") })
        home(.home(.logOutTapped))
        #expect(presenter.frontEnd.currentAlert?.title == "Log out?")
        withExtendedLifetime(app) {}
    }

    /// Alice signed in on home over an embedded backend of 50 candidates in `folder`, after
    /// `prepare` had the server ready; the app is returned to be kept alive.
    private static func aliceOnHome(
        in folder: TemporaryDirectory, prepare: (EmbeddedBackend) -> Void = { _ in }
    ) throws -> (EmbeddedBackend, CountingPresenter, AppFlow) {
        let backend = EmbeddedBackend(
            storageDirectory: folder.url, configuration: EmbeddedServerConfiguration(candidatePoolSize: 50))
        backend.addDemoAccounts()
        prepare(backend)
        let transcript = Transcript(clock: backend.scheduler)
        let presenter = CountingPresenter(transcript: transcript)
        let app = AppFlow(services: backend.makeServices(), presenter: presenter, analytics: transcript)
        app.launch()
        backend.scheduler.runDue()
        try presenter.frontEnd.tap("Log in")
        try presenter.frontEnd.type("alice", into: "Username or email")
        try presenter.frontEnd.type("wonderland", into: "Password")
        try presenter.frontEnd.tap("Log in")
        backend.scheduler.runDue()
        return (backend, presenter, app)
    }
}
