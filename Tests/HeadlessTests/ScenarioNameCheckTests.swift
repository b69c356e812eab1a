import Foundation
import GenericScreens
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing
import discover

/// Every person a scenario names must exist, and nobody is their own match: a misspelt name used to
/// be accepted, and the scenario passed while testing nothing.
@Suite struct ScenarioNameCheckTests {
    func error(_ body: String) -> ScenarioSyntaxError? {
        if case .failure(let error) = ScenarioParser.parse("scenario: Names\n" + body, path: "n.scenario") {
            return error
        }
        return nil
    }

    @Test(arguments: [
        ("given bbo matches me", 7, "unknown person 'bbo'; did you mean 'bob'?"),
        ("bbo likes me", 1, "unknown person 'bbo'; did you mean 'bob'?"),
        ("bbo super likes me", 1, "unknown person 'bbo'; did you mean 'bob'?"),
        ("given crol likes me", 7, "unknown person 'crol'; did you mean 'carol'?"),
        ("bbo sends \"hi\"", 1, "unknown person 'bbo'; did you mean 'bob'?"),
        ("given bbo sends \"earlier\"", 7, "unknown person 'bbo'; did you mean 'bob'?"),
        ("alcie reads", 1, "unknown person 'alcie'; did you mean 'alice'?"),
        ("Dave types", 1, "unknown person 'Dave'; did you mean 'dave'?"),
        ("davey unmatches me", 1, "unknown person 'davey'; did you mean 'dave'?"),
        ("expect unread bbo 0", 15, "unknown person 'bbo'; did you mean 'bob'?"),
        ("given I am alce", 12, "unknown person 'alce'; did you mean 'alice'?"),
        (
            "zed likes me", 1,
            "unknown person 'zed'; the people set up before this step: 'alice', 'bob', 'carol', 'dave'"
        ),
    ])
    func aMisspeltPerson_inEveryStepNamingOne_isASyntaxErrorWithASuggestion(
        _ step: String, _ column: Int, _ message: String
    ) {
        let found = error("given demo people\ngiven I am carol\n" + step + "\n")
        #expect(found?.line == 4)
        #expect(found?.column == column)
        #expect(found?.message == message)
    }

    @Test func theErrorPointsAtTheNameOnAnIndentedLine_andPrintsTheLineAsWritten() {
        let found = error("given demo people\n   given I am alcie # typo\n")
        #expect(
            found?.description == """
                n.scenario:3:15: error: unknown person 'alcie'; did you mean 'alice'?
                       given I am alcie # typo
                                  ^
                """)
    }

    @Test func theDemoPeople_existOnlyAfterGivenDemoPeople() {
        #expect(
            error("launch\ngiven I am alice\n")?.message
                == "unknown person 'alice'; alice is a demo person: add 'given demo people' before this step")
        #expect(
            error("bob likes me\ngiven demo people\n")?.message
                == "unknown person 'bob'; bob is a demo person: add 'given demo people' before this step")
        #expect(
            error("given I am erin\n")?.message
                == "unknown person 'erin'; nobody is set up before this step: add 'given demo people' or "
                + "'given user <name> password \"<password>\"'")
    }

    @Test(arguments: [
        ("given alice matches me", 7, "'alice' is 'me' here (given I am alice): nobody can match themselves"),
        ("alice likes me", 1, "'alice' is 'me' here (given I am alice): nobody can like themselves"),
        (
            "given alice super likes me", 7,
            "'alice' is 'me' here (given I am alice): nobody can super like themselves"
        ),
        (
            "alice sends \"hi\"", 1,
            "'alice' is 'me' here (given I am alice): nobody can send a message to themselves"
        ),
        (
            "alice reads", 1,
            "'alice' is 'me' here (given I am alice): nobody can read a conversation with themselves"
        ),
        ("alice types", 1, "'alice' is 'me' here (given I am alice): nobody can type to themselves"),
        ("alice unmatches me", 1, "'alice' is 'me' here (given I am alice): nobody can unmatch themselves"),
        (
            "expect unread alice 0", 15,
            "'alice' is 'me' here (given I am alice): nobody can have a conversation with themselves"
        ),
    ])
    func naming_me_asTheOtherPerson_isRefused(_ step: String, _ column: Int, _ message: String) {
        let found = error("given demo people\ngiven I am alice\n" + step + "\n")
        #expect(found?.line == 4)
        #expect(found?.column == column)
        #expect(found?.message == message)
    }

    @Test func givenIAm_changesWhoMeIs_fromThatStepOn() throws {
        let scenario = try ScenarioParser.parse(
            "scenario: x\ngiven demo people\ngiven I am alice\nbob likes me\ngiven I am bob\nalice likes me\n",
            path: "x"
        ).get()
        #expect(scenario.steps.count == 5)
        #expect(
            error("given demo people\ngiven I am alice\ngiven I am bob\nbob likes me\n")?.message
                == "'bob' is 'me' here (given I am bob): nobody can like themselves")
    }

    @Test func peopleSetUpByGivenUser_orSigningUpInTheApp_exist_inLowerCaseAsTheirAccounts() throws {
        let scenario = try ScenarioParser.parse(
            """
            scenario: x
            given demo people
            given user Erin password "erin-password"
            given I am erin
            bob likes me
            type "Sam " into "Username"
            sam likes me
            """, path: "x"
        ).get()
        #expect(scenario.steps.count == 6)
        #expect(
            error("given user Erin password \"erin-password\"\ngiven I am Erin\n")?.message
                == "unknown person 'Erin'; did you mean 'erin'?")
        // Typing into the sign-in form's field signs nobody up.
        #expect(
            error("type \"sam\" into \"Username or email\"\ngiven I am sam\n")?.message.hasPrefix(
                "unknown person 'sam'") == true)
    }

    @Test func generatedPeople_existBelowThePoolSize() throws {
        _ = try ScenarioParser.parse(
            "scenario: x\ngiven demo people\ngiven I am alice\nc199 likes me\n", path: "x"
        )
        .get()
        #expect(
            error("given demo people\ngiven I am alice\nc200 likes me\n")?.message.hasPrefix(
                "unknown person 'c200'") == true)
        _ = try ScenarioParser.parse(
            "scenario: x\ngiven demo people\ngiven I am alice\nc4 likes me\ngiven candidates 5\n", path: "x"
        )
        .get()
        #expect(
            error("given candidates 5\ngiven demo people\ngiven I am alice\nc5 likes me\n")?.message
                .hasPrefix(
                    "unknown person 'c5'") == true)
        #expect(error("given demo people\ngiven I am alice\nc007 likes me\n") != nil)
    }

    @Test func aLongMisspeltName_getsNoSuggestion_andIsQuotedShort() {
        let long = String(repeating: "b", count: 5_000)
        let found = error("given demo people\ngiven I am alice\n\(long) likes me\n")
        #expect(
            found?.message.hasPrefix("unknown person '" + String(repeating: "b", count: 64) + "…'") == true)
        #expect(found?.message.contains("did you mean") == false)
        #expect((found?.message.count ?? .max) < 200)
    }

    @Test func aValidScenario_namingOnlyPeopleSetUp_stillParses() throws {
        let scenario = try ScenarioParser.parse(
            """
            scenario: valid
            given demo people
            given I am alice
            given bob matches me
            given carol likes me
            dave super likes me
            launch
            bob sends "hi"
            bob reads
            bob types
            expect unread bob 1
            carol unmatches me
            """, path: "v"
        ).get()
        #expect(scenario.steps.count == 11)
    }

    @Test func theCheck_stepByStep_learnsPeopleAndMe() {
        var check = ScenarioNameCheck(generatedPeople: 0)
        #expect(check.check(.likesMe("bob", superLike: false))?.hasPrefix("unknown person 'bob'") == true)
        #expect(check.check(.givenDemoPeople) == nil)
        #expect(check.people == ["alice", "bob", "carol", "dave"])
        #expect(check.check(.givenMe("bob")) == nil)
        #expect(check.me == "bob")
        #expect(check.check(.matchesMe("bob")) != nil)
        #expect(check.check(.matchesMe("alice")) == nil)
        #expect(!check.exists("c0"))
    }
}

/// At run time the same rule holds, and "me" may be whoever is signed in, known only then.
@MainActor
@Suite struct ScenarioNameRunTests {
    @Test func aMatchWithTheSignedInUser_failsTheScenario() throws {
        let scenario = try ScenarioParser.parse(
            """
            scenario: Self-match
            given demo people
            launch
            tap "Log in"
            type "alice" into "Username or email"
            type "wonderland" into "Password"
            tap "Log in"
            expect screen home
            given alice matches me
            """, path: "self.scenario"
        ).get()
        let result = ScenarioRunner.embedded().run(scenario).result
        #expect(result.failure?.line == 9)
        #expect(
            result.failure?.message
                == "'alice' is 'me' here (the signed-in user): nobody can match themselves")
    }

    @Test func aScenarioBuiltWithoutTheParser_namingNobody_failsAtThatStep() {
        let scenario = Scenario(
            name: "Built", path: "built",
            steps: [
                LocatedStep(step: .givenDemoPeople, line: 1, source: "given demo people"),
                LocatedStep(step: .givenMe("alice"), line: 2, source: "given I am alice"),
                LocatedStep(step: .matchesMe("bbo"), line: 3, source: "given bbo matches me"),
            ])
        let result = ScenarioRunner.embedded().run(scenario).result
        #expect(result.failure?.line == 3)
        #expect(result.failure?.message == "unknown person 'bbo'; did you mean 'bob'?")
    }

    @Test func play_refusesAMisspeltPerson_andDoesNotRecordIt() {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("discover-names-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = PlaySession(directory: directory)
        #expect(session.handle("bbo likes me") == "unknown person 'bbo'; did you mean 'bob'?")
        #expect(session.recorded == ["given demo people", "launch"])
    }
}
