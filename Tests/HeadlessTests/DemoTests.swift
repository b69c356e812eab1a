import EmbeddedBackend
import Headless
import Models
import TestSupport
import Testing

@MainActor
@Suite struct DemoTests {
    @Test func theDemoWalk_runsEndToEnd_andEndsSignedInOnHome() throws {
        let world = TestWorld(demoAccounts: false)
        try Demo.run(on: world.app)
        #expect(
            world.app.transcript.screenSequence == [
                .launching, .welcome, .signUp, .profileSetup, .home, .match, .home, .chat, .home, .welcome,
                .signIn,
                .home, .profile, .home,
            ])
        #expect(world.server.matches(of: "sam").map(\.user) == ["alice"])
        #expect(world.app.transcript.events.contains(.matched("alice")))
        #expect(world.app.transcript.events.contains(.rewound("alice")))
        #expect(world.app.sessionState?.user?.id == "sam")
        #expect(world.app.transcript.events.contains(.loginFailed(.signIn, .wrongCredentials)))
        #expect(world.app.app?.unhandledErrors.isEmpty == true)
    }
}
