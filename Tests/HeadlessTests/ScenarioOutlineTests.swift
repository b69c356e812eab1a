import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing

/// Tags before the header, and scenario outlines: one scenario per row of the examples, every
/// mistake a syntax error at its line and column.
@Suite struct ScenarioOutlineTests {
    func parse(_ text: String) -> Result<[Scenario], ScenarioSyntaxError> {
        ScenarioParser.parseFile(text, path: "t.scenario")
    }

    func error(_ text: String) -> ScenarioSyntaxError? {
        if case .failure(let error) = parse(text) { return error }
        return nil
    }

    static let login = """
        @login @smoke-2
        scenario outline: Signing in as <username>
        given demo people
        launch
        tap "Log in"
        type "<username>" into "Username or email"
        type "<password>" into "Password"   # the column is typed: reports hide it
        tap "Log in"
        expect screen <screen>

        examples:
        # a comment between rows
        | username | password   | screen |
        | alice    | wonderland | home   |
        | bob      | a \\| pipe  | signIn |
        """

    @Test func tagsBeforeTheHeader_areTheScenariosTags() throws {
        let scenario = try ScenarioParser.parse(
            "@smoke @chat\n# a comment\n@Slow\nscenario: T\nlaunch\n", path: "t"
        )
        .get()
        #expect(scenario.tags == ["smoke", "chat", "Slow"])
        #expect(ScenarioTags.matches(scenario.tags, anyOf: ["slow"]))
        #expect(!ScenarioTags.matches(scenario.tags, anyOf: ["login"]))
    }

    @Test func malformedOrMisplacedTags_areSyntaxErrorsAtTheirColumn() {
        let bad = error("@smoke @no_underscore\nscenario: T\n")
        #expect(bad?.line == 1 && bad?.column == 8)
        #expect(bad?.message.contains("letters, digits or dashes") == true)
        let long = error(
            "@" + String(repeating: "a", count: ScenarioTags.maximumLength + 1) + "\nscenario: T\n")
        #expect(long?.line == 1 && long?.column == 1)
        let mixed = error("@smoke login\nscenario: T\n")
        #expect(mixed?.column == 8)
        let late = error("scenario: T\nlaunch\n@smoke\n")
        #expect(late?.line == 3 && late?.message == "tags go on lines before the 'scenario:' header")
    }

    @Test func anOutline_makesOneScenarioPerRow_withTheRowsValuesInItsStepsAndName() throws {
        let scenarios = try parse(Self.login).get()
        #expect(scenarios.count == 2)
        #expect(
            scenarios.map(\.name) == [
                "Signing in as ••• (example 1: username=•••, password=•••, screen=home)",
                "Signing in as ••• (example 2: username=•••, password=•••, screen=signIn)",
            ])
        #expect(scenarios.allSatisfy { $0.tags == ["login", "smoke-2"] })
        #expect(scenarios[0].steps.map(\.step).contains(.type("alice", into: "Username or email")))
        #expect(scenarios[1].steps.map(\.step).contains(.type("a | pipe", into: "Password")))
        #expect(scenarios[1].steps.last?.step == .expectScreen("signIn"))
        #expect(scenarios[1].steps.last?.line == 9)
    }

    @Test func aColumnNoStepTypes_isShownInTheName_andInsideAStringTheStringsEscapesApply() throws {
        let scenarios = try parse(
            """
            scenario outline: Checks <text>
            given demo people
            launch
            expect text "<text>"
            examples:
            | text |
            | a \\"quoted\\" \\u{1F600} |
            """
        ).get()
        #expect(scenarios.first?.steps.last?.step == .expectText("a \"quoted\" 😀"))
        #expect(
            scenarios.first?.name
                == #"Checks a \"quoted\" \u{1F600} (example 1: text=a \"quoted\" \u{1F600})"#)
    }

    @Test func anUnknownPlaceholder_isAnErrorAtItsColumn() {
        let found = error(
            Self.login.replacingOccurrences(of: "expect screen <screen>", with: "expect screen <scren>"))
        #expect(found?.line == 9 && found?.column == 15)
        #expect(
            found?.message == "unknown placeholder '<scren>'; the examples have: username, password, screen")
    }

    @Test func aRowWithTheWrongNumberOfCells_isAnErrorOnItsLine() {
        let found = error(Self.login + "\n| carol | christmas1 |\n")
        #expect(found?.line == 16)
        #expect(found?.message == "this row has 2 cells; the header has 3 (username, password, screen)")
    }

    @Test func anUnusedOrDuplicatedColumn_isAnError() {
        let unused = error("scenario outline: T\nlaunch\nexamples:\n| a |\n| 1 |\n")
        #expect(unused?.line == 4 && unused?.column == 3)
        let twice = error("scenario outline: T <a>\nlaunch\nexamples:\n| a | a |\n| 1 | 2 |\n")
        #expect(twice?.line == 4 && twice?.message == "the column 'a' is named twice")
    }

    @Test func aStepAValueBreaks_isAnErrorAtThePlaceholder_namingTheExample() {
        let found = error("scenario outline: T\nwait <delay>\nexamples:\n| delay |\n| 5s |\n| soon |\n")
        #expect(found?.line == 2 && found?.column == 6)
        #expect(found?.message.hasSuffix("(example 2, line 6)") == true)
        #expect(found?.lineText == "wait <delay>")
    }

    @Test func aStepATypedValueBreaks_isAnError_thatQuotesNothingOfTheValue() {
        let found = error(
            "scenario outline: T\nlaunch\ntype \"<password>\" into \"Password\"\nexamples:\n| password |\n| hunter2\" secretword |\n"
        )
        #expect(found?.line == 3 && (found?.column ?? 0) >= 7)
        #expect(
            found.map { !$0.description.contains("secretword") && !$0.description.contains("hunter2") }
                == true)
    }

    @Test func missingOrMalformedTables_areErrors() {
        #expect(
            error("scenario outline: T\nlaunch\n")?.message.contains("needs an 'examples:' table") == true)
        #expect(error("scenario outline: T <a>\nlaunch\nexamples:\n| a |\n")?.line == 3)
        #expect(error("scenario outline: T <a>\nexamples:\n| a |\nlaunch\n")?.line == 4)
        #expect(
            error("scenario outline: T <a>\nexamples:\n| a |\n| 1\n")?.message.contains("ends with '|'")
                == true)
        #expect(
            error("scenario: T\nexamples:\n")?.message.contains("belongs to a 'scenario outline:'") == true)
        #expect(error("scenario outline: T <a b>\nexamples:\n| a b |\n| 1 |\n")?.line == 3)
    }

    @Test func anOutline_isRefusedByTheSingleScenarioParse() {
        guard case .failure(let error) = ScenarioParser.parse(Self.login, path: "t") else {
            Issue.record("an outline makes two scenarios")
            return
        }
        #expect(error.message.contains("parseFile"))
    }

    @Test func examplesAreCapped_andTheCapIsAClearError() {
        let rows = String(repeating: "| x |\n", count: 1_001)
        let found = error("scenario outline: T <a>\nlaunch\nexamples:\n| a |\n" + rows)
        #expect(found?.line == 1_005)
        #expect(found?.message == "an examples table may hold at most 1000 rows")
    }

    @Test func expansionIsBounded_longLinesAndHugeTablesAreErrorsQuickly() {
        // A line whose values would make it longer than a line may be.
        let value = String(repeating: "v", count: 9_000)
        let long = error("scenario outline: T\nexpect text \"<a><a>\"\nexamples:\n| a |\n| \(value) |\n")
        #expect(long?.line == 2 && long?.message.contains("longer than 16384 bytes") == true)
        // 1,000 rows of an 85 KB template would expand to 85 MB: refused at the table before any is built.
        let step = "expect text \"<a>\"\n"
        let steps = String(repeating: step, count: 5_000)
        let rows = String(repeating: "| x |\n", count: 1_000)
        let clock = ContinuousClock()
        var huge: ScenarioSyntaxError?
        let elapsed = clock.measure {
            huge = error("scenario outline: T\n" + steps + "examples:\n| a |\n" + rows)
        }
        #expect(huge?.message.contains("2 MiB") == true)
        // A bound on a loaded 2-core machine; the parse takes well under a second.
        #expect(elapsed < .seconds(5))
    }
}
