import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing

/// A failing step's report shows the step, what was expected and what was there, the diff of the
/// screen before and after, and the screen as text.
@MainActor
@Suite struct ScenarioFailureReportTests {
    func run(_ body: String) throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse("scenario: Report\n" + body, path: "report.scenario").get()
        return ScenarioRunner.embedded().run(scenario).result
    }

    @Test func aFailedExpectation_showsTheDiffOfTheActionItChecks_andTheScreenAsText() throws {
        let result = try run(
            """
            given demo people
            launch
            tap "Log in"
            expect screen home
            """)
        let failure = try #require(result.failure)
        #expect(failure.screenBeforeLine == 4)
        let text = ScenarioReport.text(for: result, colour: false)
        #expect(
            text == """
                FAIL  Report  (report.scenario)
                      report.scenario:5: expect screen home
                      the screen is not home
                      expected: home
                      actual:   signIn
                      --- the screen before line 4 and after the step (- before, + after) ---
                      - == Discover == (welcome)
                      - Meet people who share your interests.
                      + == Log in == (signIn)
                      + Username or email: []
                      + Password: []
                        [ Log in ]
                      - [ Create account ]
                      + [ Create an account instead ]
                      + [ Back ]
                      --- the screen after the step ---
                      == Log in == (signIn)
                      Username or email: []
                      Password: []
                      [ Log in ]
                      [ Create an account instead ]
                      [ Back ]
                """)
        let junit = ScenarioReport.junit([result])
        #expect(junit.contains("+ == Log in == (signIn)"))
        let json = String(decoding: ScenarioReport.json(for: result), as: UTF8.self)
        #expect(json.contains("\"failureScreenDiff\""))
    }

    @Test func aStepThatCannotRun_saysTheScreenDidNotChange() throws {
        let result = try run("given demo people\nlaunch\ntap \"Nowhere\"\n")
        let text = ScenarioReport.text(for: result, colour: false)
        #expect(
            text.contains(
                "--- the screen before line 4 and after the step (- before, + after) ---\n      (no change)"))
        #expect(text.contains("--- the screen after the step ---\n      == Discover == (welcome)"))
    }

    @Test func theDiff_keepsContextAroundChanges_andCutsLongUnchangedRuns() {
        let before = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let after = before.replacingOccurrences(of: "line 10\n", with: "line ten\n")
        let diff = ScreenDiff.lines(before: before, after: after)
        #expect(
            diff == [
                "  …", "  line 8", "  line 9", "- line 10", "+ line ten", "  line 11", "  line 12", "  …",
            ])
        #expect(ScreenDiff.lines(before: before, after: before).isEmpty)
    }
}
