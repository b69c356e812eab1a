import Foundation
import TestSupport
import Testing

/// `discover run --tag` selects scenarios by their @tags, and an outline's examples are reported one
/// by one.
@Suite struct CLITagTests {
    let cli = CLITests()

    @Test func aTag_runsOnlyTheScenariosThatHaveIt() throws {
        let outcome = try cli.discover(["run", "Fixtures/tagged", "--tag", "smoke"])
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout
                == "PASS  A tagged launch shows the welcome screen  (Fixtures/tagged/smoke.scenario)\n1 passed, 0 failed\n"
        )
    }

    @Test func severalTags_repeatedOrCommaSeparated_ignoringCase_selectAnyOfThem() throws {
        for arguments in [["--tag", "smoke", "--tag", "slow"], ["--tag", "@SMOKE,outline"]] {
            let outcome = try cli.discover(["run", "Fixtures/tagged"] + arguments)
            #expect(outcome.status == 0)
            #expect(outcome.stdout.hasSuffix("3 passed, 0 failed\n"))
        }
    }

    @Test func anOutline_isReportedOncePerExample_inTheTextAndJUnit() throws {
        let directory = TemporaryDirectory()
        let junit = directory.url.appendingPathComponent("report.xml").path
        let outcome = try cli.discover(["run", "Fixtures/tagged/outline.scenario", "--junit", junit])
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout == """
                PASS  The signIn screen opens from welcome (example 1: button=Log in, screen=signIn)  (Fixtures/tagged/outline.scenario)
                PASS  The signUp screen opens from welcome (example 2: button=Create account, screen=signUp)  (Fixtures/tagged/outline.scenario)
                2 passed, 0 failed

                """)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("tests=\"2\""))
        #expect(
            report.contains(
                "<testcase name=\"The signUp screen opens from welcome (example 2: button=Create account, screen=signUp)\""
            ))
    }

    @Test func aTagNoScenarioHas_isAUsageError_namingTheTagsThereAre() throws {
        let outcome = try cli.discover(["run", "Fixtures/tagged", "--tag", "smok"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr.hasPrefix(
                "discover run: no scenario has the tag @smok; the tags in these files: @outline, @Slow, @smoke\n"
            ))
    }

    @Test func aMalformedTag_isAUsageError() throws {
        let outcome = try cli.discover(["run", "Fixtures/tagged", "--tag", "no_such!"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("discover run: --tag 'no_such!' is not a tag"))
    }
}
