import Foundation
import TestSupport
import Testing

/// The `discover` binary keeps a password out of everything it prints and writes: reports, JUnit,
/// transcripts, syntax errors, `play`'s echo and its recordings (owner-only files).
@Suite struct CLISecretTests {
    static let secret = "hunter2-correct-horse"
    let cli = CLITests()

    func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func aFailingRun_keepsThePasswordOutOfTheReportJUnitAndTranscripts() throws {
        let directory = TemporaryDirectory()
        let junit = directory.url.appendingPathComponent("report.xml").path
        let transcripts = directory.url.appendingPathComponent("transcripts").path
        let outcome = try cli.discover([
            "run", "Fixtures/secret-fail.scenario", "--junit", junit, "--transcript", transcripts,
            "--print-transcript",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("Fixtures/secret-fail.scenario:4: type \"•••\" into \"Password\""))
        let json = try String(
            contentsOfFile: transcripts + "/a-password-typed-on-the-wrong-screen.json", encoding: .utf8)
        for text in [
            outcome.stdout, outcome.stderr, try String(contentsOfFile: junit, encoding: .utf8), json,
        ] {
            #expect(!text.contains(Self.secret))
        }
    }

    @Test func aSyntaxError_onAPasswordLine_hidesThePassword() throws {
        let outcome = try cli.discover(["run", "Fixtures/secret-syntax.scenario"])
        #expect(outcome.status == 2)
        let caret = String(repeating: " ", count: 4 + 11) + "^"
        #expect(
            outcome.stderr
                == "Fixtures/secret-syntax.scenario:5:30: error: expected 'into'\n    type \"•••\" in \"Password\"\n\(caret)\n"
        )
    }

    @Test func play_echoesNoPassword_recordsItAsAVariableInAnOwnerOnlyFile_andReplaysFromTheEnvironment()
        throws
    {
        let directory = TemporaryDirectory()
        let input = try String(
            contentsOf: CLITests.folder.appendingPathComponent("Fixtures/secret-play.input"), encoding: .utf8)
        let outcome = try cli.discover(
            ["play", "--record", "recorded.scenario"], input: input, in: directory.url)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("> type \"•••\" into \"Password\""))
        #expect(outcome.stdout.contains("Password: [•••]"))
        #expect(outcome.stdout.contains("recorded.scenario types $DISCOVER_PASSWORD, $DISCOVER_PASSWORD_2"))
        #expect(!outcome.stdout.contains(Self.secret) && !outcome.stdout.contains("wonderland"))
        let path = directory.url.appendingPathComponent("recorded.scenario").path
        #expect(try mode(path) == 0o600)
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!recorded.contains(Self.secret) && !recorded.contains("wonderland"))
        #expect(recorded.contains("type $DISCOVER_PASSWORD_2 into \"Password\""))

        let missing = try cli.discover(["run", "recorded.scenario"], in: directory.url)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("the environment variable DISCOVER_PASSWORD is not set"))
        let replay = try cli.discover(
            ["run", "recorded.scenario"], in: directory.url,
            environment: ["DISCOVER_PASSWORD": Self.secret, "DISCOVER_PASSWORD_2": "wonderland"])
        #expect(replay.stdout == "PASS  recorded  (recorded.scenario)\n1 passed, 0 failed\n")
    }

    @Test func play_withRecordSecrets_writesThePasswordOwnerOnly_andWarns() throws {
        let directory = TemporaryDirectory()
        let input = try String(
            contentsOf: CLITests.folder.appendingPathComponent("Fixtures/secret-play.input"), encoding: .utf8)
        let outcome = try cli.discover(
            ["play", "--record", "clear.scenario", "--record-secrets"], input: input, in: directory.url)
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr
                == "warning: clear.scenario contains a password in clear (--record-secrets); keep it private\n"
        )
        #expect(!outcome.stdout.contains(Self.secret))
        let path = directory.url.appendingPathComponent("clear.scenario").path
        #expect(try mode(path) == 0o600)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).contains(
                "type \"wonderland\" into \"Password\""))
    }
}
