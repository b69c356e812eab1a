import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// The login use case end to end through the flows, on the embedded backend.
@MainActor
@Suite struct LoginFlowTests {
    let world = TestWorld()

    func fill(_ values: [(String, String)]) throws {
        for (label, value) in values { try world.app.type(value, into: label) }
    }

    @Test func signIn_withTheRightPassword_goesFromWelcomeToHome() throws {
        world.app.launch()
        try world.app.tap("Log in")
        try fill([("Username or email", "alice"), ("Password", "wonderland")])
        try world.app.tap("Log in")
        #expect(world.screens() == [.launching, .welcome, .signIn, .home])
        #expect(world.eventNames() == ["app_launched", "login_submitted", "login_succeeded", "card_shown"])
        #expect(world.visibleTexts.contains("Signed in as Alice (@alice)"))
    }

    @Test func signIn_withAnEmail_works() throws {
        try world.signIn("carol@example.com", password: "christmas1")
        #expect(world.app.sessionState?.user?.id == "carol")
    }

    @Test func loginWithWrongPassword_showsInlineError_andStaysOnTheForm() throws {
        try world.signIn("alice", password: "not-the-password")
        #expect(world.app.screen?.id == .signIn)
        #expect(world.errorBanners == ["Wrong username or password."])
        #expect(world.eventNames().suffix(2) == ["login_submitted", "login_failed"])
        #expect(world.app.transcript.events.last == .loginFailed(.signIn, .wrongCredentials))
    }

    @Test func invalidFields_showMessagesBesideEachField_andSendNothing() throws {
        world.app.launch()
        try world.app.tap("Log in")
        try fill([("Username or email", "a!"), ("Password", "short")])
        try world.app.tap("Log in")
        #expect(world.fieldError("Username or email") == "Enter your username or email")
        #expect(world.fieldError("Password") == "Use at least 8 characters")
        #expect(world.server.requestCount(.signIn) == 0)
        try world.app.type("alice", into: "Username or email")
        #expect(world.fieldError("Username or email") == nil)
        #expect(world.fieldError("Password") == "Use at least 8 characters")
    }

    @Test func submitTappedRepeatedly_sendsExactlyOneRequest() throws {
        world.server.latency = .seconds(2)
        world.app.launch()
        world.app.advance(by: .seconds(2))
        try world.app.tap("Log in")
        try fill([("Username or email", "alice"), ("Password", "wonderland")])
        try world.app.tap("Log in")
        #expect(!world.isEnabled("Log in"))
        #expect(throws: HeadlessError.actionDisabled("Log in")) { try world.app.tap("Log in") }
        world.app.advance(by: .seconds(2))
        #expect(world.server.requestCount(.signIn) == 1)
        #expect(world.app.screen?.id == .home)
    }

    @Test func rateLimited_showsTheWait_countsItDown_andDisablesSubmitUntilItEnds() throws {
        world.app.launch()
        try world.app.tap("Log in")
        try world.app.type("alice", into: "Username or email")
        for _ in 0..<5 {
            try world.app.type("wrong-password", into: "Password")
            try world.app.tap("Log in")
        }
        try world.app.type("wonderland", into: "Password")
        try world.app.tap("Log in")
        #expect(world.errorBanners == ["Too many attempts. Try again in 1:00."])
        #expect(!world.isEnabled("Log in"))
        world.app.advance(by: .seconds(1))
        #expect(world.errorBanners == ["Too many attempts. Try again in 0:59."])
        world.app.advance(by: .seconds(58))
        #expect(world.errorBanners == ["Too many attempts. Try again in 0:01."])
        #expect(!world.isEnabled("Log in"))
        world.app.advance(by: .seconds(1))
        #expect(world.errorBanners.isEmpty)
        #expect(world.isEnabled("Log in"))
        try world.app.tap("Log in")
        #expect(world.app.screen?.id == .home)
        #expect(world.server.requestCount(.signIn) == 7)
    }

    @Test func networkDown_offersRetry_andRetrySucceedsOnceItIsBack() throws {
        world.server.isNetworkDown = true
        try world.signIn()
        #expect(world.errorBanners == ["You're offline. Check your connection and try again."])
        #expect(world.app.transcript.events.last == .loginFailed(.signIn, .offline))
        world.server.isNetworkDown = false
        try world.app.tap("Retry")
        #expect(world.app.screen?.id == .home)
    }

    @Test func serverError_showsWhatWentWrong() throws {
        world.server.failNextRequest(with: .server("database unavailable"), on: .signIn)
        try world.signIn()
        #expect(world.errorBanners == ["Something went wrong (database unavailable). Please try again."])
        try world.app.tap("Retry")
        #expect(world.app.screen?.id == .home)
    }

    @Test func switchingBetweenSignInAndSignUp_keepsWhatWasTyped() throws {
        world.app.launch()
        try world.app.tap("Log in")
        try world.app.type("sam", into: "Username or email")
        try world.app.tap("Create an account instead")
        #expect(world.app.screen?.id == .signUp)
        #expect(world.app.screen?.fields.first?.value == "sam")
        try world.app.tap("I already have an account")
        try world.app.tap("Back")
        #expect(world.screens() == [.launching, .welcome, .signIn, .signUp, .signIn, .welcome])
    }
}
