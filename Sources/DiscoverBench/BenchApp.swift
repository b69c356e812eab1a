import EmbeddedBackend
import Flows
import Foundation
import Models
import Services

/// The whole app on the embedded backend (virtual time, in-process), driven as a front end drives
/// it: intents sent to the screen on top of a ``RecordingPresenter``, then the answers that fell due
/// delivered (`runDue()`).
@MainActor
final class BenchApp {
    /// Where the app keeps the session, the swipe queue and the outbox.
    enum Stores {
        /// In memory: `InMemorySessionStore` and `InMemoryUserDataStore`.
        case memory
        /// The backend's default file stores, in a new folder under the temporary directory, their
        /// saves completing as in an app (``AppLikeScheduler``). With a log, each swipe and message is
        /// timed into it from its making to its first finished save (the journeys whose main actor is
        /// timed carry no log: its bookkeeping is not the app's work).
        case files(durability: DurabilityLog?)
    }

    let backend: EmbeddedBackend
    let services: AppServices
    let presenter = RecordingPresenter()
    /// Whether the stores are files.
    let isOnFiles: Bool
    /// The app, once launched.
    private(set) var app: AppFlow?

    /// A backend with the demo people (alice, bob, carol, dave) and `configuration`'s server; the
    /// app is not launched yet.
    init(stores: Stores, configuration: EmbeddedServerConfiguration = .init()) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("discover-bench-\(UUID().uuidString)", isDirectory: true)
        backend = EmbeddedBackend(storageDirectory: folder, configuration: configuration)
        backend.addDemoAccounts()
        var services = backend.makeServices()
        switch stores {
        case .memory:
            services.sessionStore = InMemorySessionStore()
            services.userData = InMemoryUserDataStore()
            isOnFiles = false
        case .files(let log):
            let scheduler = AppLikeScheduler(base: backend.scheduler)
            services.sessionStore = FileSessionStore(
                fileURL: backend.sessionFileURL, writer: backend.writer, scheduler: scheduler)
            let userData = FileUserDataStore(
                rootURL: backend.userDataStore.rootURL, writer: backend.writer, scheduler: scheduler)
            services.userData = userData
            if let log {
                services.ids = TimedIDs(base: services.ids, log: log)
                services.userData = TimedUserDataStore(base: userData, log: log)
            }
            isOnFiles = true
        }
        self.services = services
    }

    /// Starts the app and delivers what fell due.
    func launch() {
        let app = AppFlow(services: services, presenter: presenter, analytics: CountingAnalytics())
        self.app = app
        app.launch()
        backend.scheduler.runDue()
    }

    /// Sends `intent` to the screen on top and delivers what fell due.
    func send(_ action: AppAction) {
        presenter.send(action)
        backend.scheduler.runDue()
    }

    /// Opens a deep link and delivers what fell due.
    func open(_ link: String) {
        app?.open(link)
        backend.scheduler.runDue()
    }

    /// Waits for the disk, round after round, until every swipe and message made went (the swipe
    /// queue and the outbox empty); nothing to do with stores in memory. Gives up after `rounds`.
    ///
    /// An item is sent once a save holding it is on disk; each round delivers the saves written
    /// meanwhile, the sends they free and the server's answers.
    func settle(rounds: Int = 100) {
        guard isOnFiles else { return }
        var roundsLeft = rounds
        while roundsLeft > 0, queuedSwipes != 0 || outboxCount != 0 {
            waitForTheDisk()
            backend.scheduler.runDue()
            roundsLeft -= 1
        }
    }

    /// Blocks, idle, until the writer has done every write queued so far. (A `DiskWriter.sync {}`
    /// would do it too, but a `DispatchQueue.sync` on a busy queue spins before it sleeps: the main
    /// thread's CPU time would count the wait as work.)
    private func waitForTheDisk() {
        let written = DispatchSemaphore(value: 0)
        backend.writer.perform(scheduler: backend.scheduler, { written.signal() }, completion: { _ in })
        written.wait()
    }

    /// From the welcome screen: "Log in", alice's username and password, "Log in".
    func logIn() {
        send(.welcome(.logInTapped))
        send(.loginForm(.fieldChanged(.username, "alice")))
        send(.loginForm(.fieldChanged(.password, "wonderland")))
        send(.loginForm(.submitTapped))
    }

    /// Launches and logs in; `true` if home shows.
    func launchSignedIn() -> Bool {
        launch()
        logIn()
        return presenter.top == .home
    }

    /// The messages waiting in the signed-in user's outbox, if signed in.
    var outboxCount: Int? { app?.sessionFlow?.mainFlow?.chat.snapshot.outboxCount }

    /// The swipes waiting in the signed-in user's swipe queue, if signed in.
    var queuedSwipes: Int? { app?.sessionFlow?.mainFlow?.deck.context.snapshot.queue.count }

    /// Removes the app's files, if any.
    func cleanUp() { try? FileManager.default.removeItem(at: backend.storageDirectory) }
}
