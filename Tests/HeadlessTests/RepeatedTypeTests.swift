import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing

/// `type <n> × "<text>" into "<label>"`: the longest valid input of a field without a line as long,
/// bounded, read back from its text, and kept secret like any `type` into a secure field.
@MainActor
@Suite struct RepeatedTypeTests {
    func step(_ line: String) throws -> ScenarioStep {
        try ScenarioParser.parse("scenario: S\n" + line, path: "s.scenario").get().steps[0].step
    }

    @Test func aRepeatedType_readsBackFromItsText_withEitherTimesSign() throws {
        #expect(try step(#"type 3 × "ab" into "Message""#) == .typeRepeated(3, "ab", into: "Message"))
        #expect(try step(#"type 3 x "ab" into "Message""#) == .typeRepeated(3, "ab", into: "Message"))
        let repeated = ScenarioStep.typeRepeated(5_000, "👍", into: "Message")
        #expect(try step(repeated.scenarioLine) == repeated)
    }

    @Test func aRepeatedTypeOverItsBound_orOfNothing_isASyntaxError() {
        let bound = ScenarioParser.maximumRepeatedBytes
        for line in [
            "type \(bound + 1) × \"a\" into \"Message\"", "type \(bound / 2 + 1) × \"ab\" into \"Message\"",
            #"type 3 × "" into "Message""#, #"type 3 times "a" into "Message""#, #"type 3 × "a""#,
        ] {
            guard case .failure = ScenarioParser.parse("scenario: S\n" + line, path: "s.scenario") else {
                Issue.record("\(line) parsed")
                continue
            }
        }
        #expect(
            (try? step("type \(bound) × \"a\" into \"Message\""))
                == .typeRepeated(bound, "a", into: "Message"))
    }

    @Test func theLongestMessage_isSentWhole_andOneCharacterMoreIsRefused() throws {
        let scenario = try ScenarioParser.parse(
            """
            scenario: Long
            \(ScenarioPreludes.aliceTalkingToBob)
            type 5001 × "é" into "Message"
            tap "Send"
            expect text "Messages can be at most 5,000 characters."
            type 5000 × "é" into "Message"
            tap "Send"
            expect rows "messages": "You: \(String(repeating: "é", count: 5_000))"
            """, path: "long.scenario"
        ).get()
        #expect(ScenarioRunner.embedded().run(scenario).result.failure == nil)
    }

    @Test func aRepeatedSecret_neverShowsInASyntaxErrorsLine() {
        guard
            case .failure(let error) = ScenarioParser.parse(
                "scenario: S\ntype 3 × \"hunter22\" intoo \"Password\"", path: "s.scenario")
        else {
            Issue.record("a misspelt step parsed")
            return
        }
        #expect(!"\(error)".contains("hunter22"))
        #expect("\(error)".contains(#"type 3 × "•••" intoo "Password""#))
    }
}
