import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing

/// The other side's later steps — `bob edits "…" to "…"`, `bob deletes "…"`, `bob blocks me`,
/// `bob unlikes me` — parse, read back from their text, check the names they use, and run.
@MainActor
@Suite struct OtherSideStepTests {
    func run(_ body: String) throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse("scenario: Other side\n" + body, path: "o.scenario").get()
        return ScenarioRunner.embedded().run(scenario).result
    }

    func error(_ body: String) -> ScenarioSyntaxError? {
        if case .failure(let error) = ScenarioParser.parse("scenario: S\n" + body, path: "s.scenario") {
            return error
        }
        return nil
    }

    @Test(arguments: [
        (#"bob edits "hi" to "hello""#, ScenarioStep.edits("bob", text: "hi", to: "hello")),
        (#"bob edits "say \"hi\"" to "\u{1F600}""#, .edits("bob", text: "say \"hi\"", to: "😀")),
        (#"bob deletes "hi""#, .deletes("bob", text: "hi")),
        ("bob blocks me", .blocksMe("bob")),
        ("bob unlikes me", .unlikesMe("bob")),
    ])
    func eachStep_parses_andReadsBackFromItsText(line: String, step: ScenarioStep) throws {
        let parsed = try ScenarioParser.parseStep(line).get()
        #expect(parsed == step)
        #expect(try ScenarioParser.parseStep(parsed.scenarioLine).get() == step)
        #expect(!parsed.isExpectation)
    }

    @Test(arguments: [
        (#"bob edits "hi""#, 15, "expected 'to'"),
        (#"bob edits "hi" into "hello""#, 16, "expected 'to'"),
        (#"bob edits "hi" to hello"#, 19, "the new text, in quotes"),
        ("bob deletes hi", 13, "the message's text, in quotes"),
        ("bob blocks", 11, "expected 'me'"),
        ("bob unlikes carol", 13, "expected 'me'"),
    ])
    func aStepWrittenWrong_isASyntaxErrorAtItsColumn(line: String, column: Int, message: String) throws {
        let found = try #require(error("given demo people\n" + line))
        #expect(found.line == 3)
        #expect(found.column == column)
        #expect(found.message.contains(message), "\(found.message)")
    }

    @Test func theNamesTheyUse_areChecked() throws {
        let unknown = try #require(error("given demo people\nbbo blocks me"))
        #expect(unknown.message == "unknown person 'bbo'; did you mean 'bob'?")
        let me = try #require(error("given demo people\ngiven I am alice\nalice unlikes me"))
        #expect(me.message == "'alice' is 'me' here (given I am alice): nobody can unlike themselves")
        let edit = try #require(error(#"given demo people\#ngiven I am bob\#nbob edits "a" to "b""#))
        #expect(edit.message.hasSuffix("nobody can edit a message to themselves"))
    }

    @Test func anEditOfAMessageNeverSent_failsTheScenario_sayingWhy() throws {
        let result = try run(ScenarioPreludes.aliceTalkingToBob + "\nbob edits \"hi\" to \"hello\"")
        #expect(!result.passed)
        #expect(result.failure?.message == "bob cannot edit \"hi\": bob sent alice no such message")
    }

    @Test func aLikeTakenBackAfterItMatched_failsTheScenario_sayingWhy() throws {
        let result = try run(ScenarioPreludes.aliceTalkingToBob + "\nbob unlikes me")
        #expect(result.failure?.message == "bob cannot unlike alice: The like made a match: unmatch instead.")
    }

    @Test func theSteps_changeWhatTheUserSees() throws {
        let result = try run(
            ScenarioPreludes.aliceTalkingToBob + """

                bob sends "hi"
                bob sends "bye"
                bob edits "hi" to "hello"
                bob deletes "bye"
                expect rows "messages": "Bob: hello"
                expect exact text "edited"
                bob blocks me
                expect text "You are no longer matched with Bob."
                """)
        #expect(result.passed, "\(String(describing: result.failure))")
    }
}
