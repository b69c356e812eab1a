import EmbeddedBackend
import Flows
import Foundation
import Models

/// The default scenario world: a ``HeadlessApp`` on a fresh ``EmbeddedBackend`` with virtual time.
@MainActor
public final class EmbeddedScenarioWorld: ScenarioWorld {
    /// The driver.
    public let app: HeadlessApp

    /// Creates a world storing its files under `directory`, with the scenario's set-up.
    public init(directory: URL, configuration: EmbeddedServerConfiguration) {
        app = HeadlessApp(backend: EmbeddedBackend(storageDirectory: directory, configuration: configuration))
    }

    public var transcript: Transcript { app.transcript }
    public var screen: Screen? { app.screen }
    public var alert: ScreenAlert? { app.alert }
    public var visibleTexts: [String] { app.frontEnd.visibleTexts }
    public var signedInUser: UserID? { app.sessionState?.user?.id }
    public var queuedSwipes: Int {
        (app.app?.sessionFlow?.children.first { $0 is MainFlow } as? MainFlow)?.deck.context.state
            .queuedSwipes ?? 0
    }

    public func addDemoPeople() { app.given("given demo people") { _ in app.backend.addDemoAccounts() } }

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

    public func launch() { app.launch() }
    public func relaunch() { app.relaunch() }
    public func tap(_ label: String) throws(HeadlessError) { try app.tap(label) }
    public func type(_ text: String, into label: String) throws(HeadlessError) {
        try app.type(text, into: label)
    }
    public func open(_ link: String) { app.open(link) }
    public func wait(_ duration: Duration) { app.advance(by: duration) }

    public func like(from liker: UserID, to liked: UserID, superLike: Bool) {
        app.given("\(liker) \(superLike ? "super likes" : "likes") \(liked)") {
            $0.like(from: liker, to: liked, superLike: superLike)
        }
    }

    public func setNetwork(up: Bool) {
        app.given("network \(up ? "up" : "down")") { $0.isNetworkDown = !up }
    }

    public func revokeSessions(of user: UserID) {
        app.given("server revokes the sessions of \(user)") { $0.revokeSessions(of: user) }
    }

    public func failNext(_ endpoint: String) throws(ScenarioRunError) {
        guard let target = EmbeddedEndpoint(rawValue: endpoint) else {
            throw ScenarioRunError("unknown endpoint \(endpoint)")
        }
        app.given("server fails next \(endpoint)") {
            $0.failNextRequest(with: .server("scripted failure"), on: target)
        }
    }

    public func tree() -> String { app.tree() }
}
