import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import Testing

/// Everything the session decides with is in its store: a session context made from a copy of
/// another's state, over a twin backend, publishes what the original publishes for the same inputs.
@MainActor
@Suite struct SessionStateCopyTests {
    @Test(arguments: 1...10)
    func aSessionMadeFromACopyOfItsState_publishesWhatTheOriginalPublishes(seed: Int) throws {
        let worlds = [try TwinWorld(configuration: .init()), try TwinWorld(configuration: .init())]
        try expectCopiesPublishAlike(
            seed: seed, steps: 50, worlds: worlds,
            make: { index, state in
                SessionContext(services: worlds[index].services, state: state ?? SessionState())
            },
            input: { random in (random.next(9), random.next(3)) },
            apply: { input, session, world, _ in apply(input.0, choice: input.1, to: session, on: world) })
    }

    /// One input of the session, of the server or of the clock.
    func apply(_ input: Int, choice: Int, to session: SessionContext, on world: TwinWorld) {
        switch input {
        case 0: session.launch()
        case 1, 2:
            var signedIn: AuthSession?
            let person = DemoData.people[choice]
            world.services.auth.signIn(Credentials(identifier: person.username, password: person.password)) {
                signedIn = try? $0.get()
            }
            world.settle()
            if let signedIn { session.signedIn(signedIn) }
        case 3: session.routeChanged([Route.deck, .matches, .profile("bob")][choice])
        case 4: session.logout()
        case 5: session.sessionEnded(choice == 0 ? .sessionRevoked : .sessionExpired)
        case 6: world.backend.server.revokeSessions(of: ["alice", "bob", "carol"][choice])
        default: world.backend.scheduler.advance(by: .seconds(600 * (1 + choice * 5)))
        }
    }
}
