import DiscoverApp
import Flows
import Foundation
import GenericScreens
import Models
import TestSupport
import Testing

/// Apps on the main queue in real time: the test lets the main queue run, in short slices, until what
/// it waits for is shown (a generous bound, never a fixed sleep as an assertion).
///
/// The tests suspend rather than spin `RunLoop.main`: on Linux the test runner drains the main queue
/// from a worker thread (`dispatchMain()`), so a main-actor test that never suspends holds the main
/// queue and nothing the app scheduled can run.
@MainActor
@Suite struct RunLoopTests {
    let folder = TemporaryDirectory()
    let frontEnd = GenericScreenStack()

    /// Lets the main queue run until `condition` holds or 30 seconds pass; whether it held.
    private func mainQueueRuns(until condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(30))
        while !condition(), clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    @Test func embeddedApp_onTheRunLoop_signsInAndShowsHome() async {
        let app = DiscoverApp.embedded(presenter: frontEnd, storageDirectory: folder.url)
        app.launch()
        #expect(await mainQueueRuns { frontEnd.top?.id == .welcome })
        frontEnd.tap(ActionID.Welcome.logIn)
        frontEnd.edit(FieldID.LogIn.username, "bob")
        frontEnd.edit(FieldID.LogIn.password, "builder123")
        frontEnd.tap(ActionID.LogIn.submit)
        #expect(await mainQueueRuns { frontEnd.top?.id == .home })
        frontEnd.tap(ActionID.Home.logOut)
        frontEnd.tap(ActionID.Home.confirmLogOut)
        #expect(await mainQueueRuns { frontEnd.top?.id == .welcome })
        app.terminate()
    }

    @Test func embeddedApp_onTheRunLoop_ignoresAdvance_realTimePassesByItself() async {
        let app = DiscoverApp.embedded(presenter: frontEnd, storageDirectory: folder.url)
        app.embeddedServer?.latency = .milliseconds(50)
        app.launch()
        frontEnd.tap(ActionID.Welcome.logIn)
        frontEnd.edit(FieldID.LogIn.username, "bob")
        frontEnd.edit(FieldID.LogIn.password, "builder123")
        frontEnd.tap(ActionID.LogIn.submit)
        app.advance(by: .seconds(3600))
        #expect(frontEnd.top?.id == .signIn)
        #expect(await mainQueueRuns { frontEnd.top?.id == .home })
        app.terminate()
    }

    @Test func matrixApp_onTheRunLoop_launchesToWelcome_withNothingSent() async throws {
        let app = try DiscoverApp.matrix(
            homeserver: #require(URL(string: "http://127.0.0.1:9")), presenter: frontEnd,
            storageDirectory: folder.url)
        app.launch()
        #expect(await mainQueueRuns { frontEnd.top?.id == .welcome })
        #expect(app.embeddedServer == nil)
        app.terminate()
    }

    @Test(arguments: ["ftp://example.org", "file:///tmp/server", "http://"])
    func matrixApp_refusesAnAddressThatIsNotAHomeserver(_ address: String) throws {
        let url = try #require(URL(string: address))
        #expect(throws: DiscoverAppError.notAHomeserver(url.absoluteString)) {
            _ = try DiscoverApp.matrix(homeserver: url, presenter: frontEnd, storageDirectory: folder.url)
        }
    }
}
