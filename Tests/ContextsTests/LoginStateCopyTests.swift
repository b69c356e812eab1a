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
    /// Two wrong passwords lock an account for 30 s, so runs meet the rate limit's countdown often.
    static let configuration = EmbeddedServerConfiguration(
        maximumFailedSignIns: 2, signInLockout: .seconds(30))

    @Test(arguments: 1...10)
    func aLoginMadeFromACopyOfItsState_publishesWhatTheOriginalPublishes(seed: Int) throws {
        let worlds = [
            try TwinWorld(configuration: Self.configuration),
            try TwinWorld(configuration: Self.configuration),
        ]
        try expectCopiesPublishAlike(
            seed: seed, steps: 60, worlds: worlds,
            make: { index, state in
                let services = worlds[index].services
                guard let state else {
                    return LoginContext(auth: services.auth, scheduler: services.scheduler)
                }
                return LoginContext(auth: services.auth, scheduler: services.scheduler, state: state)
            },
            input: { random in (random.next(10), random.next(4)) },
            apply: { input, login, world, _ in apply(input.0, choice: input.1, to: login, on: world) })
    }

    /// One input of the form or of the clock.
    func apply(_ input: Int, choice: Int, to login: LoginContext, on world: TwinWorld) {
        switch input {
        case 0: login.modeSelected(choice == 0 ? .signUp : .signIn)
        case 1: login.fieldChanged(.username, to: ["alice", "bob", "alice", "x"][choice])
        case 2, 3, 4:
            login.fieldChanged(.password, to: ["wrong password", "wrong again", "wonderland", ""][choice])
        case 5: login.fieldChanged(.displayName, to: ["Sam", "", "A", "Sam Smith"][choice])
        case 6: login.fieldChanged(.birthDate, to: ["2001-05-20", "2015-01-01", "", "1990-02-30"][choice])
        case 7, 8: login.submit()
        default: world.backend.scheduler.advance(by: .seconds(1 + choice * 3))
        }
    }
}
