import EmbeddedBackend
import Flows
import Foundation
import Models
import Services

/// The scenario's journey without the scenario runner or the headless front end: a prepared
/// backend, then intents sent through a ``RecordingPresenter`` to the flows.
struct Journey {
    let backend: EmbeddedBackend
    let services: AppServices

    /// Prepares the server (demo people, alice and dave liking each other, carol liking alice):
    /// the set-up, not timed. `folder` keeps the app's files there; `nil` keeps them in memory.
    /// `recorder`, if any, records every request the journey sends (``RequestRecorder``).
    init(
        folder: URL?, passwordRounds: Int = EmbeddedServerConfiguration().passwordRounds,
        recorder: RequestRecorder? = nil
    ) {
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
        self.services = recorder?.wrap(services) ?? services
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
