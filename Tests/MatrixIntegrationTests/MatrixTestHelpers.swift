import Contexts
import Flows
import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import ScenarioLanguage
import TestSupport

/// A headless app on the Matrix backend.
typealias MatrixApp = HeadlessDriver<MatrixBackend>

@MainActor
extension HeadlessDriver where Backend == MatrixBackend {
    /// Launches and signs in through the screens.
    func signIn(_ username: String, _ password: String = "correct horse") throws {
        if app == nil { launch() }
        try tap("Log in")
        try type(username, into: "Username or email")
        try type(password, into: "Password")
        try tap("Log in")
    }

    /// The session's chat context.
    var chat: ChatContext? { mainFlow?.chat }

    /// Waits (pumping answers and events) until `condition` holds.
    @discardableResult
    func wait(_ seconds: Int = 30, until condition: @MainActor () -> Bool) -> Bool {
        backend.wait(until: condition, timeout: .seconds(seconds))
    }

    /// Whether any visible text contains `text`, waiting for it to show.
    func shows(_ text: String, within seconds: Int = 20) -> Bool {
        wait(seconds) { self.frontEnd.visibleTexts.contains { $0.contains(text) } }
    }
}

/// Two people on one homeserver, each with an app of their own, in a fresh namespace.
@MainActor
final class MatrixPair {
    let directory = TemporaryDirectory()
    let alice: MatrixApp
    let bob: MatrixApp

    init(homeserver: URL? = MatrixTestServer.homeserver) throws {
        guard let homeserver else { throw MatrixPairError.noServer }
        let configuration = MatrixConfiguration(
            homeserver: homeserver, namespace: MatrixTestServer.freshNamespace())
        let aliceBackend = MatrixBackend(
            configuration: configuration, storageDirectory: directory.url.appendingPathComponent("alice"))
        let bobBackend = MatrixBackend(
            sharing: aliceBackend, storageDirectory: directory.url.appendingPathComponent("bob"))
        for (name, backend) in [("alice", aliceBackend), ("bob", bobBackend)] {
            _ = try MatrixTestServer.createPerson(
                name, born: name == "alice" ? "1996-04-12" : "1994-09-03", on: backend
            )
            .get()
        }
        alice = MatrixApp(backend: aliceBackend)
        bob = MatrixApp(backend: bobBackend)
    }

    /// Signs both in and makes them a match through their decks; answers the conversation id.
    func match() throws -> String {
        try alice.signIn("alice")
        try bob.signIn("bob")
        guard alice.shows("Bob, "), bob.shows("Alice, ") else { throw MatrixPairError.step("no cards") }
        try alice.tap("Like")
        // Bob's deck was loaded before Alice's like: reload it so her like shows on the card.
        bob.relaunch()
        guard bob.shows("Alice, ") else { throw MatrixPairError.step("no card after relaunch") }
        try bob.tap("Like")
        guard bob.wait(until: { bob.screen?.id == .match }) else {
            throw MatrixPairError.step("no match screen")
        }
        guard let me = alice.sessionState?.user?.id, let other = bob.sessionState?.user?.id else {
            throw MatrixPairError.step("not signed in")
        }
        let conversation = Match.id(between: me, and: other)
        // Alice hears of it through her live feed; wait, so what follows can use the conversation.
        guard alice.wait(until: { alice.chat?.state.rowIDs.contains(conversation) == true }) else {
            throw MatrixPairError.step("Alice never heard of the match")
        }
        return conversation
    }
}

enum MatrixPairError: Error {
    case noServer
    case step(String)
}
