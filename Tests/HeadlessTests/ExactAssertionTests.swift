import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing

/// The exact assertions: whole texts, a list's rows in order and their count, a button's state or
/// absence, an event not fired; each read back from its text, each failing with expected and actual.
@MainActor
@Suite struct ExactAssertionTests {
    func run(_ body: String) throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse("scenario: Exact\n" + body, path: "exact.scenario").get()
        return ScenarioRunner.embedded().run(scenario).result
    }

    /// Alice signed in on home with a conversation with Bob open, her "Hi Bob!" not sent (offline).
    let offlineMessage =
        ScenarioPreludes.aliceTalkingToBob + """

            network down
            type "Hi Bob!" into "Message"
            tap "Send"
            wait 10m
            """

    @Test func eachNewStep_readsBackFromItsText() throws {
        let lines = [
            #"expect exact text "sent""#, #"expect rows "messages": "You: hi", "Bob: yo""#,
            #"expect rows "messages":"#, #"expect row count "matches" 3"#,
            #"expect button "Rewind" disabled"#, #"expect button "Send" enabled"#,
            #"expect no button "Retry""#, "expect no event matched user=carol",
        ]
        for line in lines {
            let step = try ScenarioParser.parse("scenario: S\n" + line, path: "s.scenario").get().steps[0]
                .step
            #expect(step.scenarioLine == line)
            #expect(step.isExpectation)
        }
    }

    @Test func anExpectationSpeltWrong_isASyntaxError() {
        for line in [
            #"expect rows "messages" "a""#, #"expect rows "messages": "a","#, #"expect button "Send""#,
            #"expect row count "m""#, #"expect exact "sent""#, #"expect rows "m": "a" "b""#,
        ] {
            guard case .failure = ScenarioParser.parse("scenario: S\n" + line, path: "s.scenario") else {
                Issue.record("\(line) parsed")
                continue
            }
        }
    }

    @Test func aSubstring_isNotAnExactText() throws {
        #expect(try run(offlineMessage + "\nexpect text \"sent\"").failure == nil)
        let failure = try #require(try run(offlineMessage + "\nexpect exact text \"sent\"").failure)
        #expect(failure.message == "no visible text is exactly \"sent\"")
        #expect(try run(offlineMessage + "\nexpect exact text \"not sent\"").failure == nil)
    }

    @Test func rowsAndTheirCount_areExact_inOrder() throws {
        #expect(try run(offlineMessage + "\nexpect rows \"messages\": \"You: Hi Bob!\"").failure == nil)
        let extra = try #require(
            try run(offlineMessage + "\nexpect rows \"messages\": \"You: Hi Bob!\", \"Bob: yo\"").failure)
        #expect(extra.message == "the list \"messages\" shows other rows")
        #expect(extra.expected == "\"You: Hi Bob!\", \"Bob: yo\"")
        #expect(extra.actual == "\"You: Hi Bob!\"")
        let count = try #require(try run(offlineMessage + "\nexpect row count \"messages\" 2").failure)
        #expect(count.actual == "1")
        let missing = try #require(try run(offlineMessage + "\nexpect rows \"matches\":").failure)
        #expect(missing.message == "no list \"matches\" is shown")
    }

    @Test func buttons_areThereInTheirState_orAbsent() throws {
        #expect(try run(offlineMessage + "\nexpect button \"Retry failed messages\" enabled").failure == nil)
        let state = try #require(try run(offlineMessage + "\nexpect button \"Send\" disabled").failure)
        #expect(state.message == "the button \"Send\" is enabled")
        let shown = try #require(
            try run(offlineMessage + "\nexpect no button \"Retry failed messages\"").failure)
        #expect(shown.message == "the button \"Retry failed messages\" is shown")
        let absent = try #require(try run(offlineMessage + "\nexpect button \"Rewind\" enabled").failure)
        #expect(absent.message == "no button \"Rewind\" is shown")
    }

    @Test func anEventNotFired_sinceTheLastExpectedEvent() throws {
        let match = """
            given demo people
            given candidates 0
            given I am alice
            carol likes me
            launch
            tap "Log in"
            type "alice" into "Username or email"
            type "wonderland" into "Password"
            tap "Log in"
            """
        #expect(try run(match + "\nexpect no event matched").failure == nil)
        let fired = try #require(try run(match + "\nswipe right\nexpect no event matched user=carol").failure)
        #expect(fired.message == "the event matched was fired (since the last expected event)")
        #expect(
            try run(match + "\nswipe right\nexpect event matched\nexpect no event matched").failure == nil)
    }
}
