import Contexts
import EmbeddedBackend
import Foundation
import Models
import Services
import Testing

/// Everything the login form decides with is in its store: a login context made from a copy of
/// another's state, over a twin backend, publishes what the original publishes for the same inputs.
@MainActor
@Suite struct LoginStateCopyTests {
    @Test(arguments: 1...10)
    func aLoginMadeFromACopyOfItsState_publishesWhatTheOriginalPublishes(seed: Int) throws {
        let worlds = [try TwinWorld(configuration: .init()), try TwinWorld(configuration: .init())]
        var logins = worlds.map { LoginContext(auth: $0.services.auth, scheduler: $0.services.scheduler) }
        let published = [Published<LoginState>(), Published<LoginState>()]
        for (login, heard) in zip(logins, published) { heard.watch(login.store) }
        var random = SeededNumbers(state: UInt64(seed))
        let copies = Set((0..<3).map { _ in 2 + random.next(50) })
        for step in 0..<60 {
            if copies.contains(step) {
                logins[1].end()
                logins[1] = LoginContext(
                    auth: worlds[1].services.auth, scheduler: worlds[1].services.scheduler,
                    state: logins[0].store.state)
                for (login, heard) in zip(logins, published) { heard.watch(login.store) }
            }
            let input = random.next(10)
            let choice = random.next(4)
            for (login, world) in zip(logins, worlds) {
                apply(input, choice: choice, to: login, on: world)
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

    /// One input of the form or of the clock.
    func apply(_ input: Int, choice: Int, to login: LoginContext, on world: TwinWorld) {
        switch input {
        case 0: login.modeSelected(choice == 0 ? .signUp : .signIn)
        case 1, 2: login.fieldChanged(.username, to: ["alice", "bob", "nobody", "x"][choice])
        case 3, 4: login.fieldChanged(.password, to: ["wonderland", "wrong password", "builder", ""][choice])
        case 5: login.fieldChanged(.displayName, to: ["Sam", "", "A", "Sam Smith"][choice])
        case 6: login.fieldChanged(.birthDate, to: ["2001-05-20", "2015-01-01", "", "1990-02-30"][choice])
        case 7, 8: login.submit()
        default: world.backend.scheduler.advance(by: .seconds(1 + choice * 7))
        }
    }
}
