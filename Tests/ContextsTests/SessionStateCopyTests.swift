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
        var sessions = worlds.map { SessionContext(services: $0.services) }
        let published = [Published<SessionState>(), Published<SessionState>()]
        for (session, heard) in zip(sessions, published) { heard.watch(session.store) }
        var random = SeededNumbers(state: UInt64(seed))
        let copies = Set((0..<3).map { _ in 2 + random.next(40) })
        for step in 0..<50 {
            if copies.contains(step) {
                sessions[1].end()
                sessions[1] = SessionContext(services: worlds[1].services, state: sessions[0].store.state)
                for (session, heard) in zip(sessions, published) { heard.watch(session.store) }
            }
            let input = random.next(9)
            let choice = random.next(3)
            for (session, world) in zip(sessions, worlds) {
                apply(input, choice: choice, to: session, on: world)
                world.settle()
            }
            #expect(
                published[1].states == published[0].states,
                "seed \(seed), step \(step), input \(input): \(firstDifference(published[1].states, published[0].states))"
            )
            if published[1].states != published[0].states { return }
        }
        #expect(published[0].states.count > 1)
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
