import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// Waiting offline costs the events that happen, not the time that passes: a retry waits for the
/// network instead of re-arming a timer, and still goes out once the network returns. (The refresh
/// token outlives the year here, so the session does; a year offline with the default 30 days is in
/// `ScenarioWorkBudgetTests`.)
@MainActor
@Suite struct OfflineWaitTests {
    let world = TestWorld(
        configuration: EmbeddedServerConfiguration(
            refreshTokenLifetime: .seconds(400 * 24 * 3600), candidatePoolSize: 0))
    var app: HeadlessApp { world.app }
    static let year: Duration = .seconds(366 * 24 * 3600)

    @Test func aMessageWaitingOfflineForAYear_costsNoRetries_andGoesOutOnceWhenTheNetworkReturns() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("See you next year", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: See you next year [not sent]"])
        let before = world.backend.scheduler.workRun
        app.advance(by: Self.year)
        // Before retries waited for the network: one every minute, over half a million.
        #expect(world.backend.scheduler.workRun - before <= 5)
        #expect(app.messageRows == ["You: See you next year [not sent]"])
        #expect(app.chat?.state.outboxCount == 1)
        world.server.isNetworkDown = false
        app.settle()
        #expect(app.messageRows == ["You: See you next year [sent]"])
        #expect(app.chat?.state.outboxCount == 0)
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["See you next year"])
    }

    @Test func aMessageWaitingOfflineLongerThanTheSession_goesOutWhenTheSameUserLogsInAgain() throws {
        let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
        let app = world.app
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("See you next year", into: "Message")
        try app.tap("Send")
        let before = world.backend.scheduler.workRun
        app.advance(by: Self.year)
        #expect(world.backend.scheduler.workRun - before <= 5)
        world.server.isNetworkDown = false
        app.settle()
        #expect(app.screen?.id == .signIn)
        #expect(world.server.messages(between: "alice", and: "bob").isEmpty)
        try app.signIn("alice", "wonderland")
        #expect(app.chat?.state.outboxCount == 0)
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["See you next year"])
    }

    @Test func theMatchesList_failingOfflineAtLaunch_waitsForTheNetwork_thenLoads() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        world.server.isNetworkDown = true
        app.relaunch()
        try app.tap("Matches")
        #expect(app.chat?.state.isLoaded == false)
        let before = world.backend.scheduler.workRun
        app.advance(by: Self.year)
        #expect(world.backend.scheduler.workRun - before <= 5)
        world.server.isNetworkDown = false
        app.settle()
        #expect(app.chat?.state.isLoaded == true)
        #expect(app.matchRows == ["Bob: New match — say hi"])
    }

    @Test func aServerFault_withTheNetworkUp_isStillRetriedOnTheTimer() throws {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.failNextRequest(with: .server("down for a moment"), on: .sendMessage)
        try app.type("Hello", into: "Message")
        try app.tap("Send")
        #expect(app.messageRows == ["You: Hello [not sent]"])
        app.advance(by: .milliseconds(1_999))
        #expect(app.messageRows == ["You: Hello [not sent]"])
        app.advance(by: .milliseconds(1))
        #expect(app.messageRows == ["You: Hello [sent]"])
    }
}
