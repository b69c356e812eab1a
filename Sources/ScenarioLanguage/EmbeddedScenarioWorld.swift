import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Interactors
import Models

/// The default scenario world: a ``HeadlessFrontEnd/HeadlessApp`` on a fresh ``EmbeddedBackend`` with virtual time.
@MainActor
public final class EmbeddedScenarioWorld: DriverScenarioWorld {
    /// The driver.
    public let app: HeadlessApp

    /// Creates a world storing its files under `directory` (or, `storesInMemory`, the app's stores in
    /// memory), with the scenario's set-up.
    public init(directory: URL, configuration: EmbeddedServerConfiguration, storesInMemory: Bool = false) {
        app = HeadlessApp(
            backend: EmbeddedBackend(
                storageDirectory: directory, configuration: configuration, storesInMemory: storesInMemory))
    }

    // The world's clock stops with it: the work still waiting goes.
    isolated deinit {
        app.backend.scheduler.cancelAll()
    }

    /// The backend's storage folder, its session file and each user's folder.
    public var appFolders: AppFolders? {
        let store = app.backend.userDataStore
        return AppFolders(
            root: app.backend.storageDirectory, sessionFile: app.backend.sessionFileURL,
            user: { store.location(of: $0) })
    }

    /// The unread count of the conversation with a user.
    public func unreadCount(with user: UserID) -> Int? {
        app.mainFlow?.chat.snapshot.list.unreadCount(with: user)
    }

    /// Sends a message as `sender`'s app would.
    public func sendMessage(from sender: UserID, to recipient: UserID, _ text: String)
        throws(ScenarioRunError)
    {
        do {
            try app.backend.server.sendMessage(from: sender, to: recipient, text)
        } catch {
            throw ScenarioRunError("\(sender) cannot send to \(recipient): \(error)")
        }
        app.transcript.append(.note("\(sender) sends \"\(text)\""))
        app.settle()
    }

    /// `reader` reads the conversation, as their app would.
    public func read(by reader: UserID, with other: UserID) {
        app.given("\(reader) reads") { $0.markRead(by: reader, with: other) }
    }

    /// `typist` starts typing, as their app would.
    public func type(by typist: UserID, to other: UserID) {
        app.given("\(typist) types") { $0.setTyping(by: typist, with: other, isTyping: true) }
    }

    /// `user` unmatches `other`, as their app would.
    public func unmatch(by user: UserID, with other: UserID) {
        app.given("\(user) unmatches \(other)") { $0.unmatch(by: user, with: other) }
    }

    /// Adds alice, bob, carol and dave to the server.
    public func addDemoPeople() { app.given("given demo people") { _ in app.backend.addDemoAccounts() } }

    /// Adds an account to the server.
    public func addUser(username: String, password: String, born: String?) throws(ScenarioRunError) {
        let birthDate = born.flatMap(CalendarMath.parseDay) ?? CalendarMath.parseDay("1995-01-01") ?? Date()
        let displayName = username.prefix(1).uppercased() + username.dropFirst()
        do {
            try app.backend.server.addAccount(
                username: username, password: password, displayName: displayName, birthDate: birthDate)
        } catch {
            throw ScenarioRunError("could not add user \(username): \(error)")
        }
        app.transcript.append(.note("given user \(username)"))
    }

    /// Opens a deep link.
    public func open(_ link: String) { app.open(link) }

    /// The pieces of work the virtual clock has run.
    public var workDone: Int { app.backend.scheduler.workRun }

    /// Limits the pieces of work the virtual clock runs.
    public func limitWork(to budget: Int) { app.backend.scheduler.workLimit = budget }

    /// Whether the virtual clock left due work unrun at its limit.
    public var isOverWorkBudget: Bool { app.backend.scheduler.isOverWorkLimit }

    /// Records a like on the server.
    public func like(from liker: UserID, to liked: UserID, superLike: Bool) {
        app.given("\(liker) \(superLike ? "super likes" : "likes") \(liked)") {
            $0.like(from: liker, to: liked, superLike: superLike)
        }
    }

    /// Takes the network down or brings it back.
    public func setNetwork(up: Bool) {
        app.given("network \(up ? "up" : "down")") { $0.isNetworkDown = !up }
    }

    /// Revokes the user's sessions on the server.
    public func revokeSessions(of user: UserID) {
        app.given("server revokes the sessions of \(user)") { $0.revokeSessions(of: user) }
    }

    /// Makes the next request to an endpoint fail with a server error.
    public func failNext(_ endpoint: String) throws(ScenarioRunError) {
        guard let target = EmbeddedEndpoint(rawValue: endpoint) else {
            throw ScenarioRunError("unknown endpoint \(endpoint)")
        }
        app.given("server fails next \(endpoint)") {
            $0.failNextRequest(with: .server("scripted failure"), on: target)
        }
    }

    /// Returns at once: every step already ran what was due.
    public func eventually(_ holds: @MainActor () -> Bool) {}

    /// The generated people of the server's candidate pool (`given candidates`).
    public var generatedPeople: Int { app.backend.server.pool.poolSize }

    /// Embedded user ids are the scenario's names already.
    public func scenarioName(of value: String) -> String { value }
}
