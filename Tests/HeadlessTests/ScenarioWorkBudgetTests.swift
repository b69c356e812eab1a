import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Services
import TestSupport
import Testing

/// Virtual time is bounded: a long `wait` costs the work that falls due, and a scenario that would
/// make the runner spin fails against the work budget with a clear message. Counts, not wall time.
@MainActor
@Suite struct ScenarioWorkBudgetTests {
    func parse(_ text: String) throws -> Scenario {
        try ScenarioParser.parse(text, path: "budget.scenario").get()
    }

    /// A runner whose worlds carry a timer that re-arms itself every `period`, for ever.
    func runnerWithATimer(every period: Duration, workBudget: Int) -> ScenarioRunner {
        ScenarioRunner(workBudget: workBudget) { configuration, _ in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("discover-budget-\(UUID().uuidString)", isDirectory: true)
            let world = EmbeddedScenarioWorld(directory: directory, configuration: configuration)
            ReArmingTimer.arm(on: world.app.backend.scheduler, every: period)
            return world
        }
    }

    /// A year outlives the session (30 days), so the message goes out when alice logs in again.
    @Test func aMessageWaitingOfflineFor366Days_runsAHandfulOfTasks_andIsSentWhenTheNetworkReturns() throws {
        let scenario = try parse(
            """
            scenario: A message waits offline for a year
            \(ScenarioPreludes.aliceTalkingToBob)
            network down
            type "See you next year" into "Message"
            tap "Send"
            wait 366d
            expect outbox 1
            expect text "not sent"
            network up
            expect text "Your session expired. Please log in again."
            type "alice" into "Username or email"
            type "wonderland" into "Password"
            tap "Log in"
            expect outbox 0
            tap "Matches"
            expect text "See you next year"
            """)
        let (result, world) = ScenarioRunner.embedded().run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        // Before retries waited for the network: a retry a minute for a year, over half a million.
        #expect(world.workDone < 50)
    }

    @Test func aTimerReArmingEveryMillisecond_hitsTheWorkBudget_withAClearMessage() throws {
        let scenario = try parse(
            """
            scenario: A runaway timer
            launch
            wait 366d
            expect screen welcome
            """)
        let (result, world) = runnerWithATimer(every: .milliseconds(1), workBudget: 1_000).run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.line == 3)
        #expect(failure.step == "wait 366d")
        #expect(
            failure.message.hasPrefix(
                "this scenario did more than 1000 units of work (scheduled tasks run); a `wait` may be spinning"
            ))
        #expect(world.workDone == 1_000)
        #expect(world.isOverWorkBudget)
    }

    @Test func aRecurringTimerOverAHugeWait_stopsAtTheDefaultBudget() throws {
        let scenario = try parse("scenario: A year of seconds\nlaunch\nwait 366d\n")
        let budget = ScenarioRunner.defaultWorkBudget
        let (result, world) = runnerWithATimer(every: .seconds(1), workBudget: budget).run(scenario)
        #expect(result.failure?.message.contains("more than \(budget) units") == true)
        #expect(world.workDone == budget)
    }

    @Test func aScenarioWithinTheBudget_isNotStopped_evenWithARecurringTimer() throws {
        let scenario = try parse("scenario: An hour of minutes\nlaunch\nwait 1h\nexpect screen welcome\n")
        let (result, world) = runnerWithATimer(every: .seconds(60), workBudget: 1_000).run(scenario)
        #expect(result.failure == nil)
        #expect(world.workDone >= 60)
        #expect(!world.isOverWorkBudget)
    }

    @Test func everyScenarioInTheRepository_staysFarUnderTheWorkBudget() throws {
        let files = try ScenarioFiles.collect([DemoTests.scenariosFolder.path]).get()
        var most = 0
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for scenario in try ScenarioParser.parseFile(text, path: file).get() {
                let (result, world) = ScenarioRunner.embedded().run(scenario)
                #expect(result.failure == nil, "\(scenario.name)")
                most = max(most, world.workDone)
            }
        }
        // Docs/Scenarios.md states the most (out of likes, about 900); the budget is over 100 times that.
        #expect(most > 0)
        #expect(most * 100 <= ScenarioRunner.defaultWorkBudget)
    }
}
