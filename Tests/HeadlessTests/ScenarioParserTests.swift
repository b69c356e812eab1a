import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing
import discover

@Suite struct ScenarioParserTests {
    func steps(_ body: String) throws -> [ScenarioStep] {
        try ScenarioParser.parse("scenario: Test\n" + body, path: "t.scenario").get().steps.map(\.step)
    }

    func error(_ text: String) -> ScenarioSyntaxError? {
        if case .failure(let error) = ScenarioParser.parse(text, path: "t.scenario") { return error }
        return nil
    }

    @Test func everyStepKind_parses() throws {
        let parsed = try steps(
            """
            given demo people
            given user sam password "p\\"w" born 2000-01-31
            given user tom password "secret12"
            given candidates 500
            given daily likes 3
            given latency 250ms
            given I am alice
            given carol likes me
            given carol super likes me
            launch
            relaunch
            tap "Log in"
            type "alice" into "Username or email"
            swipe right
            swipe left
            swipe up
            open discover://chat/bob
            open "discover://deck"
            logout
            wait 5s
            wait 10m
            wait 2h
            wait 1d
            bob likes me
            bob super likes me
            network down
            network up
            server revokes token
            server fails next signIn
            expect screen home
            expect text "Hi\\tthere\\n"
            expect no text "Oops"
            expect alert "Log out?"
            expect event swiped action=like user=carol
            expect queued swipes 2
            bob sends "hi there"
            bob reads
            bob types
            bob unmatches me
            given bob matches me
            given bob sends "earlier"
            expect outbox 1
            expect unread bob 2
            damage the swipe queue
            damage the outbox
            crash leaves temporary files
            expect no temporary files
            expect files set aside 1
            """)
        #expect(
            parsed == [
                .givenDemoPeople, .givenUser(username: "sam", password: "p\"w", born: "2000-01-31"),
                .givenUser(username: "tom", password: "secret12", born: nil), .givenCandidates(500),
                .givenDailyLikes(3), .givenLatency(.milliseconds(250)), .givenMe("alice"),
                .likesMe("carol", superLike: false), .likesMe("carol", superLike: true), .launch, .relaunch,
                .tap("Log in"), .type("alice", into: "Username or email"), .swipe(.like), .swipe(.pass),
                .swipe(.superLike), .open("discover://chat/bob"), .open("discover://deck"), .logout,
                .wait(.seconds(5)),
                .wait(.seconds(600)), .wait(.seconds(7200)), .wait(.seconds(86_400)),
                .likesMe("bob", superLike: false),
                .likesMe("bob", superLike: true), .network(up: false), .network(up: true),
                .serverRevokesToken,
                .serverFailsNext("signIn"), .expectScreen("home"), .expectText("Hi\tthere\n"),
                .expectNoText("Oops"),
                .expectAlert("Log out?"),
                .expectEvent(name: "swiped", properties: ["action": "like", "user": "carol"]),
                .expectQueuedSwipes(2), .sends("bob", text: "hi there"), .reads("bob"), .types("bob"),
                .unmatchesMe("bob"), .matchesMe("bob"), .sends("bob", text: "earlier"), .expectOutbox(1),
                .expectUnread("bob", 2), .damage(.swipeQueue), .damage(.outbox), .crashLeavesTemporaryFiles,
                .expectNoTemporaryFiles, .expectFilesSetAside(1),
            ])
    }

    @Test func theFileSteps_readBackAsWritten() throws {
        for line in [
            "damage the swipe queue", "damage the outbox", "crash leaves temporary files",
            "expect no temporary files", "expect files set aside 2",
        ] {
            #expect(try ScenarioParser.parseStep(line).get().scenarioLine == line)
        }
    }

    @Test func commentsBlankLinesAndWindowsLineEndings_areIgnored() throws {
        let scenario = try ScenarioParser.parse(
            "# a comment\r\n\r\nscenario:   Named  thing \r\nlaunch # trailing comment\r\n\r\n",
            path: "t.scenario"
        ).get()
        #expect(scenario.name == "Named  thing")
        #expect(scenario.steps == [LocatedStep(step: .launch, line: 4, source: "launch # trailing comment")])
    }

    @Test(arguments: [
        ("launch\n", 1, 1, "a scenario file starts with a 'scenario: <name>' header"),
        ("scenario:\n", 1, 1, "the scenario needs a name after 'scenario:'"),
        ("# only a comment\n", 1, 1, "the file has no 'scenario: <name>' header"),
        ("scenario: x\ntapp \"Log in\"\n", 2, 1, "unknown step 'tapp'; did you mean 'tap \"<label>\"'?"),
        (
            "scenario: x\nexpct screen home\n", 2, 1,
            "unknown step 'expct'; did you mean 'expect screen <name>'?"
        ),
        ("scenario: x\ntap \"Log in\n", 2, 5, "this string has no closing quote"),
        ("scenario: x\ntap \"a\\q\"\n", 2, 7, "unknown escape '\\q'"),
        ("scenario: x\ntap Log\n", 2, 5, "expected the label of a button, in quotes"),
        ("scenario: x\ntype \"a\" in \"b\"\n", 2, 10, "expected 'into'"),
        ("scenario: x\nlaunch now\n", 2, 8, "unexpected text at the end of the step"),
        ("scenario: x\nwait 5 minutes\n", 2, 6, "expected a duration such as 5s, 10m or 2h"),
        ("scenario: x\nwait 5y\n", 2, 6, "expected a duration such as 5s, 10m or 2h"),
        ("scenario: x\nwait 367d\n", 2, 6, "a duration may be at most 366 days"),
        ("scenario: x\nswipe down\n", 2, 7, "expected right, left or up"),
        ("scenario: x\nnetwork sideways\n", 2, 9, "expected up or down"),
        ("scenario: x\ngiven candidates many\n", 2, 18, "expected a whole number from 0 to 10000000"),
        (
            "scenario: x\ngiven user sam password \"p\" born 2000-02-30\n", 2, 34,
            "'2000-02-30' is not a date YYYY-MM-DD"
        ),
        (
            "scenario: x\nserver fails next login\n", 2, 19,
            "unknown endpoint 'login'; one of: signIn, signUp, validate, refresh, signOut, saveProfile, fetchProfile, fetchCandidates, sendSwipe, undoSwipe, savePreferences, fetchConversations, fetchMessages, sendMessage, markRead, setTyping, unmatch"
        ),
        ("scenario: x\nserver explodes\n", 2, 8, "expected 'revokes token' or 'fails next <endpoint>'"),
        (
            "scenario: x\nexpect weather sunny\n", 2, 8,
            "expected screen, text, exact text, no text, rows, row count, button, no button, alert, event, no event, queued swipes, outbox or unread after 'expect'"
        ),
        ("scenario: x\nexpect event swiped action\n", 2, 21, "expected key=value, found 'action'"),
        ("scenario: x\nbob likes you\n", 2, 11, "expected 'me'"),
        ("scenario: x\nbob sends hi\n", 2, 11, "expected the message, in quotes"),
        ("scenario: x\nexpect unread bob lots\n", 2, 19, "expected a whole number from 0 to 1000000"),
    ])
    func mistakes_areReportedWithLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ message: String)
    {
        let found = error(text)
        #expect(found?.line == line)
        #expect(found?.column == column)
        #expect(found?.message == message)
    }

    @Test func anError_printsPathLineColumn_theLine_andACaret() {
        let found = error("scenario: x\n  tap Log\n")
        #expect(
            found?.description == """
                t.scenario:2:7: error: expected the label of a button, in quotes
                      tap Log
                          ^
                """)
    }

    @Test func oneStep_parsesOnItsOwn() {
        #expect(ScenarioParser.parseStep("swipe up") == .success(.swipe(.superLike)))
        guard case .failure(let error) = ScenarioParser.parseStep("   ") else {
            Issue.record("an empty step is an error")
            return
        }
        #expect(error.message == "empty step")
    }
}

@Suite struct CommandArgumentsTests {
    @Test func optionsFlagsAndPositionals_areSeparated() throws {
        let parsed = try CommandArguments.parse(
            ["a", "--filter", "x y", "--junit=out.xml", "--print-transcript", "--", "--b"],
            options: ["filter", "junit"],
            flags: ["print-transcript"]
        ).get()
        #expect(parsed.positionals == ["a", "--b"])
        #expect(parsed.values == ["filter": "x y", "junit": "out.xml"])
        #expect(parsed.flags == ["print-transcript"])
    }

    @Test func helpIsAlwaysAFlag() throws {
        #expect(try CommandArguments.parse(["-h"], options: [], flags: []).get().flags == ["help"])
        #expect(try CommandArguments.parse(["--help"], options: [], flags: []).get().flags == ["help"])
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"), (["-x"], "unknown option '-x'"),
        (["--filter"], "'--filter' needs a value"),
        (["--print-transcript=yes"], "'--print-transcript' takes no value"),
    ])
    func mistakes_areUsageErrors(_ arguments: [String], _ message: String) {
        let result = CommandArguments.parse(arguments, options: ["filter"], flags: ["print-transcript"])
        guard case .failure(let error) = result else {
            Issue.record("\(arguments) should be a usage error")
            return
        }
        #expect(error.message == message)
    }
}
