import EmbeddedBackend
import Flows
import Foundation
import Headless
import Models
import TestSupport
import Testing

/// A presenter that counts the screens it is asked to update and passes everything on to a headless
/// front end (which ignores an update that changes nothing, so it cannot count them itself).
@MainActor
final class CountingPresenter: Presenter {
    let frontEnd: HeadlessFrontEnd
    private(set) var updates: [ScreenID] = []

    init(transcript: Transcript) { frontEnd = HeadlessFrontEnd(transcript: transcript) }

    func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.setRoot(screen, onIntent: onIntent)
    }
    func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.push(screen, onIntent: onIntent)
    }
    func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.replaceTop(screen, onIntent: onIntent)
    }
    func pop() { frontEnd.pop() }
    func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        frontEnd.present(screen, onIntent: onIntent)
    }
    func dismiss() { frontEnd.dismiss() }
    func update(_ screen: Screen) {
        updates.append(screen.id)
        frontEnd.update(screen)
    }
    func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        frontEnd.showAlert(alert, onIntent: onIntent)
    }
}

@MainActor
@Suite struct HomeRenderTests {
    @Test func theServersAnswerToASwipe_changesNothingShown_soHomeIsNotRenderedAgain() throws {
        let folder = TemporaryDirectory()
        let backend = EmbeddedBackend(
            storageDirectory: folder.url, configuration: EmbeddedServerConfiguration(candidatePoolSize: 50))
        backend.addDemoAccounts()
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
}
