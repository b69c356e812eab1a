import DiscoverApp
import EmbeddedBackend
import Flows
import Foundation
import GenericScreens
import Models
import TestSupport
import Testing

/// An app on the embedded backend in virtual time, driven only through the front end's handlers and
/// the app's public calls: the front end never runs the scheduler.
@MainActor
@Suite struct VirtualClockTests {
    let folder = TemporaryDirectory()
    let frontEnd = GenericScreenStack()

    private func makeApp() -> DiscoverApp {
        DiscoverApp.embedded(
            presenter: frontEnd, storageDirectory: folder.url,
            clock: .virtual(start: EmbeddedBackend.demoStart))
    }

    private func signIn(_ app: DiscoverApp, as username: String, password: String) {
        app.launch()
        frontEnd.tap(ActionID.Welcome.logIn)
        frontEnd.edit(FieldID.LogIn.username, username)
        frontEnd.edit(FieldID.LogIn.password, password)
        frontEnd.tap(ActionID.LogIn.submit)
    }

    @Test func launch_showsWelcome_withoutTheFrontEndRunningTheClock() {
        let app = makeApp()
        app.launch()
        #expect(frontEnd.top?.id == .welcome)
        #expect(app.isRunning)
    }

    @Test func demoUser_signsIn_andSeesHomeWithACard_whenTheIntentReturns() {
        let app = makeApp()
        signIn(app, as: "alice", password: "wonderland")
        #expect(frontEnd.top?.id == .home)
        #expect(frontEnd.top?.actions.contains { $0.id == ActionID.Deck.like && $0.isEnabled } == true)
    }

    @Test func logOutAlert_answeredWithConfirm_returnsToWelcome() {
        let app = makeApp()
        signIn(app, as: "alice", password: "wonderland")
        frontEnd.tap(ActionID.Home.logOut)
        #expect(
            frontEnd.alert?.actions.map(\.id) == [ActionID.Home.cancelLogOut, ActionID.Home.confirmLogOut])
        frontEnd.tap(ActionID.Home.confirmLogOut)
        #expect(frontEnd.alert == nil)
        #expect(frontEnd.top?.id == .welcome)
    }

    @Test func logOutAlert_answeredWithCancel_staysHome() {
        let app = makeApp()
        signIn(app, as: "alice", password: "wonderland")
        frontEnd.tap(ActionID.Home.logOut)
        frontEnd.tap(ActionID.Home.cancelLogOut)
        #expect(frontEnd.alert == nil)
        #expect(frontEnd.top?.id == .home)
    }

    @Test func answerWithLatency_arrivesOnlyWhenTheAppAdvancesTheClock() {
        let app = makeApp()
        app.embeddedServer?.latency = .seconds(2)
        signIn(app, as: "alice", password: "wonderland")
        #expect(frontEnd.top?.id == .signIn)
        app.advance(by: .seconds(2))
        #expect(frontEnd.top?.id == .home)
    }

    @Test func relaunch_afterTerminate_restoresTheSignedInUser() {
        let app = makeApp()
        signIn(app, as: "alice", password: "wonderland")
        app.terminate()
        #expect(!app.isRunning)
        app.launch()
        #expect(frontEnd.top?.id == .home)
    }

    @Test func unknownLink_showsAnAlert_thatOKDismisses() throws {
        let app = makeApp()
        app.launch()
        app.open("discover://nowhere")
        let alert = try #require(frontEnd.alert)
        try frontEnd.tap(#require(alert.actions.first).id)
        #expect(frontEnd.alert == nil)
        #expect(frontEnd.top?.id == .welcome)
    }
}
