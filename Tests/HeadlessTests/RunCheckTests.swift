import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Services
import TestSupport
import Testing

/// The checks every run makes: screen moves against the flows' declarations, and what an ended
/// session leaves behind.
@MainActor
@Suite struct RunCheckTests {
    let transcript = Transcript(clock: VirtualScheduler(now: Date(timeIntervalSince1970: 0)))

    @Test func anUndeclaredMove_isReported_namingFlowFromAndTo() {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        frontEnd.moving(by: "MainFlow") {
            frontEnd.setRoot(SampleScreens.home(matches: []), onAction: { _ in })
        }
        #expect(frontEnd.moves.errors.isEmpty)
        frontEnd.moving(by: "ProfileFlow") { frontEnd.push(SampleScreens.profile, onAction: { _ in }) }
        frontEnd.moving(by: "ProfileFlow") { frontEnd.pop() }
        #expect(frontEnd.moves.errors.isEmpty)
        frontEnd.moving(by: "DeckFlow") { frontEnd.present(SampleScreens.match, onAction: { _ in }) }
        frontEnd.moving(by: "DeckFlow") { frontEnd.present(SampleScreens.outOfLikes, onAction: { _ in }) }
        frontEnd.moving(by: "MainFlow") { frontEnd.setRoot(SampleScreens.welcome, onAction: { _ in }) }
        #expect(
            frontEnd.moves.errors == [
                "undeclared transition: DeckFlow moved from match to outOfLikes; declare it in "
                    + "DeckFlow.declaration (or a flow above it: MainFlow, SessionFlow, AppFlow)",
                "MainFlow shows welcome, a screen it does not declare (it declares: home)",
            ])
        #expect(
            transcript.entries.contains { entry in
                if case .error(let text) = entry.kind {
                    return text == "undeclared screen move: " + frontEnd.moves.errors[1]
                }
                return false
            })
    }

    @Test func aMoveNoFlowNamed_orByAFlowOutsideTheGraph_isReported() {
        #expect(FlowGraph.check(ScreenMove(flow: nil, from: .home, to: .chat, shows: true)) != nil)
        #expect(
            FlowGraph.check(ScreenMove(flow: "StrayFlow", from: .home, to: .chat, shows: true))
                == "StrayFlow is not in the flow graph (FlowGraph.declarations) but moved to chat")
    }

    @Test func aMoveDeclaredByAFlowAbove_isDeclared() {
        // LoginFlow shows sign-in when a session ends; SessionFlow, above it, declares that.
        #expect(FlowGraph.check(ScreenMove(flow: "LoginFlow", from: .chat, to: .signIn, shows: true)) == nil)
        #expect(FlowGraph.lineage(of: "ChatFlow") == ["ChatFlow", "MainFlow", "SessionFlow", "AppFlow"])
    }

    @Test func anUndeclaredMove_failsTheScenario_atItsStep() throws {
        let runner = ScenarioRunner { configuration, _ in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("discover-scenario-\(UUID().uuidString)", isDirectory: true)
            let world = EmbeddedScenarioWorld(directory: directory, configuration: configuration)
            let frontEnd = { [weak world] in world?.app.frontEnd }
            // A stray move one minute in, as a flow with a bug would make it.
            _ = world.app.backend.scheduler.schedule(after: .seconds(60)) {
                guard let shown = frontEnd() else { return }
                shown.moving(by: "DeckFlow") {
                    shown.present(SampleScreens.outOfLikes, onAction: { _ in })
                }
            }
            return world
        }
        let scenario = try ScenarioParser.parse(
            """
            scenario: A stray move
            launch
            wait 2m
            """, path: "stray.scenario"
        ).get()
        let failure = runner.run(scenario).result.failure
        #expect(failure?.line == 3)
        #expect(
            failure?.message.contains("undeclared transition: DeckFlow moved from welcome to outOfLikes")
                == true)
    }

    @Test func aFlowAndContextKeptAfterLogout_areReported_withTheStep() throws {
        let world = TestWorld()
        world.failsOnCheckErrors = false
        try world.signIn()
        let kept = world.app.mainFlow
        let keptDeck = kept?.deck.context
        try world.app.tap("Log out")
        try world.app.tap("Log out")
        let report = try #require(world.app.lifecycle.errors.first)
        #expect(report.hasPrefix("still allocated after tap \"Log out\": "))
        #expect(report.contains("MainFlow"))
        #expect(report.contains("DeckContext (of DeckFlow)"))
        #expect(keptDeck != nil)
    }

    /// A flow that holds a session scope, as ``MainFlow`` does.
    final class ScopeHolder: FlowNode {
        let scope: SessionScope

        init(scope: SessionScope) {
            self.scope = scope
            super.init(name: "ScopeHolder")
        }
    }

    @Test func aTimerOfAnEndedSession_leftPending_isReported_andOneCancelledIsNot() throws {
        let folder = TemporaryDirectory()
        let backend = EmbeddedBackend(storageDirectory: folder.url)
        let services = backend.makeServices()
        func scope() -> SessionScope {
            let user = User(
                id: "alice", username: "alice", displayName: "Alice",
                birthDate: Date(timeIntervalSince1970: 0),
                hasProfile: true)
            let tokens = AuthTokens(accessToken: "unused", accessTokenExpiresAt: nil, refreshToken: nil)
            return SessionScope(
                user: user, authorizer: RequestAuthorizer(tokens: tokens, auth: services.auth) { _ in },
                services: services)
        }
        let watch = LifecycleWatch()
        var holder: ScopeHolder? = ScopeHolder(scope: scope())
        let forgotten = try #require(holder).scope.scheduler.schedule(after: .seconds(60)) {}
        watch.check(live: holder.map { [$0] } ?? [], after: "sign in")
        holder = nil
        let report = try #require(watch.check(live: [], after: "log out"))
        #expect(report == "still allocated after log out: SessionScheduler (of ScopeHolder)")
        forgotten.cancel()

        var tidy: ScopeHolder? = ScopeHolder(scope: scope())
        let timer = try #require(tidy).scope.scheduler.schedule(after: .seconds(60)) {}
        watch.check(live: tidy.map { [$0] } ?? [], after: "sign in")
        timer.cancel()
        tidy = nil
        #expect(watch.check(live: [], after: "log out") == nil)
    }

    @Test func loggingOutAndRelaunching_leaveNothingBehind() throws {
        let world = TestWorld()
        try world.signIn()
        try world.app.tap("Log out")
        try world.app.tap("Log out")
        try world.signIn("bob", password: "builder123")
        world.app.relaunch()
        world.app.terminate()
        #expect(world.app.checkErrors.isEmpty)
    }

    @Test func theTransitionsReport_listsOnlyTransitionsNoMoveTook() throws {
        let world = TestWorld()
        try world.signIn()
        let untaken = world.app.moves.untakenTransitions.map(\.description)
        #expect(!untaken.contains("SessionFlow: signIn -> home (signed in)"))
        #expect(untaken.contains("DeckFlow: home -> match (mutual like)"))
    }
}
