import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import Services

/// One launch's backend for the crash test: a fresh embedded server with the ``Ledger`` in front of
/// it (the server's state that survives the kill), the app's default file stores in the folder, and
/// client ids unique to the launch.
@MainActor
final class CrashBackend: HeadlessBackend {
    /// The embedded backend of this launch, its files in `app/`.
    let embedded: EmbeddedBackend
    /// The server's record of accepted items.
    let ledger: Ledger
    /// The app's record of durable items.
    let made: MadeLog
    private let ids: SequentialIDGenerator

    /// The people alice has matched, one conversation each.
    static let matches: [UserID] = ["bob", "carol", "dave"]

    /// Makes the backend of launch `launch` over `folder`: the server prepared (demo people, alice
    /// matched with bob, carol and dave, cheap password hashing, a large pool, no real like limit) and
    /// the swipes of earlier launches replayed from the ledger, so the deck does not offer them again.
    init(folder: CrashFolder, launch: Int) {
        let configuration = EmbeddedServerConfiguration(
            passwordRounds: 1, candidatePoolSize: 100_000, dailyLikeLimit: 1_000_000)
        embedded = EmbeddedBackend(storageDirectory: folder.app, configuration: configuration)
        ledger = Ledger(path: folder.ledger.path)
        made = MadeLog(path: folder.made.path)
        ids = SequentialIDGenerator(prefix: "L\(launch)")
        embedded.addDemoAccounts()
        for person in Self.matches {
            embedded.server.like(from: "alice", to: person)
            embedded.server.like(from: person, to: "alice")
        }
        replaySwipes()
    }

    /// Sends the ledger's swipes to the fresh server as alice.
    private func replaySwipes() {
        let services = embedded.makeServices()
        var token: String?
        services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) { result in
            token = try? result.get().tokens.accessToken
        }
        embedded.scheduler.runDue()
        guard let token else { return }
        for swipe in ledger.swipes { services.discovery.sendSwipe(swipe, accessToken: token) { _ in } }
        embedded.scheduler.runDue()
    }

    /// The embedded services with the ledger in front of chat and discovery, the user data store
    /// logging what it made durable, and this launch's ids.
    func makeServices() -> AppServices {
        var services = embedded.makeServices()
        services.chat = LedgerChatService(base: services.chat, ledger: ledger)
        services.discovery = LedgerDiscoveryService(base: services.discovery, ledger: ledger)
        services.userData = LoggingUserDataStore(base: services.userData, log: made)
        services.ids = ids
        return services
    }

    /// The virtual clock.
    var clock: any Scheduler { embedded.scheduler }

    /// Runs the work due now (a save's completion waits for the disk there).
    func settle() { embedded.scheduler.runDue() }

    /// Moves the virtual clock.
    func advance(by duration: Duration) { embedded.scheduler.advance(by: duration) }
}
