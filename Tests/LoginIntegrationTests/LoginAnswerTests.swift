import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// How the login form takes the answer of its request, including an answer that arrives twice.
@MainActor
@Suite struct LoginAnswerTests {
    let world = TestWorld()

    @Test func aDuplicatedWrongPasswordAnswer_showsOneBanner_andLetsTheUserTryAgain() throws {
        world.server.duplicateNextResponse(on: .signIn)
        try world.signIn("alice", password: "not-the-password")
        #expect(world.app.screen?.id == .signIn)
        #expect(world.errorBanners == ["Wrong username or password."])
        #expect(world.eventNames().filter { $0 == "login_failed" }.count == 1)
        #expect(world.app.transcript.events.last == .loginFailed(.signIn, .wrongCredentials))
        try world.app.type("wonderland", into: "Password")
        try world.app.tap("Log in")
        #expect(world.app.screen?.id == .home)
    }

    @Test func aDuplicatedSuccessfulAnswer_signsInOnce() throws {
        world.server.duplicateNextResponse(on: .signIn)
        try world.signIn("alice", password: "wonderland")
        #expect(world.app.screen?.id == .home)
        #expect(world.eventNames().filter { $0 == "login_succeeded" }.count == 1)
        #expect(world.screens().filter { $0 == .home }.count == 1)
    }
}
