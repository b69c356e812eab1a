import Foundation
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import TestSupport
import Testing
import discover

/// `discover play` never shows back or records a secret unless asked, and a recording's variables
/// are read from the environment when it runs again.
@MainActor
@Suite struct SecretRecordingTests {
    let directory = TemporaryDirectory()

    func session(recordsSecrets: Bool = false) -> PlaySession {
        PlaySession(directory: directory.url.appendingPathComponent("app"), recordsSecrets: recordsSecrets)
    }

    func signIn(_ session: PlaySession, password: String = "wonderland") {
        _ = session.handle("tap \"Log in\"")
        _ = session.handle("type \"alice\" into \"Username or email\"")
        _ = session.handle("type \"\(password)\" into \"Password\"")
        _ = session.handle("tap \"Log in\"")
    }

    func run(_ text: String, environment: [String: String]) throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse(text, path: "recorded.scenario").get()
        return ScenarioRunner.embedded(environment: environment).run(scenario).result
    }

    @Test func theEcho_hidesTextForASecureField_andShowsTheRest() {
        let session = session()
        _ = session.handle("tap \"Log in\"")
        #expect(session.echo("type \"wonderland\" into \"Password\"") == "type \"•••\" into \"Password\"")
        #expect(
            session.echo("type \"alice\" into \"Username or email\"")
                == "type \"alice\" into \"Username or email\"")
        #expect(session.echo("type \"wonderland\" intoo \"Password\"") == "type \"•••\" intoo \"Password\"")
        #expect(session.echo("given user erin password \"pw\"") == "given user erin password \"•••\"")
        #expect(session.echo("tap \"Log in\"") == "tap \"Log in\"")
    }

    @Test func aRecording_typesTheSecretFromAVariable_andReplaysWithIt() throws {
        let session = session()
        signIn(session)
        #expect(session.recorded.contains("type $DISCOVER_PASSWORD into \"Password\""))
        #expect(session.recorded.contains("type \"alice\" into \"Username or email\""))
        let text = session.scenarioText(name: "recorded")
        #expect(!text.contains("wonderland"))
        #expect(text.contains("# set DISCOVER_PASSWORD to the text typed into \"Password\" before running"))
        #expect(!session.recording.holdsSecretInClear)
        let replay = try run(text + "expect screen home\n", environment: ["DISCOVER_PASSWORD": "wonderland"])
        #expect(replay.failure == nil)
    }

    @Test func differentSecretsForOneField_getNumberedVariables_andTheSameSecretKeepsItsVariable() {
        let session = session()
        signIn(session, password: "wrong-one")
        _ = session.handle("type \"wonderland\" into \"Password\"")
        _ = session.handle("type \"wrong-one\" into \"Password\"")
        #expect(
            session.recorded.filter { $0.hasPrefix("type $") } == [
                "type $DISCOVER_PASSWORD into \"Password\"", "type $DISCOVER_PASSWORD_2 into \"Password\"",
                "type $DISCOVER_PASSWORD into \"Password\"",
            ])
        #expect(session.recording.variables.map(\.name) == ["DISCOVER_PASSWORD", "DISCOVER_PASSWORD_2"])
        #expect(
            !"\(session.recording)".contains("wonderland"), "the recording describes itself without secrets")
    }

    @Test func savedRecordings_areOwnerOnly_andHoldNoSecret() throws {
        let session = session()
        signIn(session)
        let path = directory.url.appendingPathComponent("saved.scenario").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let reply = session.handle("save \(path)")
        #expect(reply.hasPrefix("saved 6 steps to \(path)"))
        #expect(reply.contains("DISCOVER_PASSWORD=…"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!saved.contains("wonderland"))
        #expect(saved.contains("type $DISCOVER_PASSWORD into \"Password\""))
    }

    @Test func withRecordSecrets_theSecretIsRecordedAsTyped_andTheSaveWarns() throws {
        let session = session(recordsSecrets: true)
        signIn(session)
        #expect(session.recorded.contains("type \"wonderland\" into \"Password\""))
        #expect(session.recording.holdsSecretInClear)
        let path = directory.url.appendingPathComponent("clear.scenario").path
        let reply = session.handle("save \(path)")
        #expect(reply.contains("warning: \(path) contains a password in clear"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("# holds a password in clear"))
    }

    @Test func aVariable_typesItsValue_andAMissingOrEmptyOneFailsTheScenarioNamingIt() throws {
        let text = """
            scenario: From the environment
            given demo people
            launch
            tap "Log in"
            type "alice" into "Username or email"
            type $DISCOVER_TEST_SECRET into "Password"
            tap "Log in"
            expect screen home
            """
        #expect(try run(text, environment: ["DISCOVER_TEST_SECRET": "wonderland"]).failure == nil)
        let wrong = try run(text, environment: ["DISCOVER_TEST_SECRET": "not-it"])
        #expect(wrong.failure?.line == 8)
        for environment in [[:], ["DISCOVER_TEST_SECRET": ""]] {
            let result = try run(text, environment: environment)
            let failure = try #require(result.failure)
            #expect(failure.line == 6)
            #expect(failure.step == "type $DISCOVER_TEST_SECRET into \"Password\"")
            #expect(failure.message.hasPrefix("the environment variable DISCOVER_TEST_SECRET is "))
            #expect(failure.message.contains(environment.isEmpty ? "not set" : "empty"))
            #expect(result.transcript.isEmpty, "nothing runs: not even the launch")
        }
        // `discover tree --until` runs only the steps before a line: a variable after it is not needed.
        let prefix = try ScenarioParser.parse(text, path: "recorded.scenario").get()
        #expect(ScenarioRunner.embedded().run(prefix, stopBefore: 6).result.failure == nil)
    }

    @Test func variables_parse_andABadNameIsASyntaxError() throws {
        #expect(ScenarioParser.parseStep("type $A_1 into \"P\"") == .success(.typeVariable("A_1", into: "P")))
        for bad in ["type $ into \"P\"", "type $1A into \"P\"", "type $A-B into \"P\"", "type $É into \"P\""]
        {
            guard case .failure(let error) = ScenarioParser.parseStep(bad) else {
                Issue.record("'\(bad)' should not parse")
                continue
            }
            #expect(error.column == 6)
            #expect(error.message.hasPrefix("expected an environment variable name after '$'"))
        }
        // A string that looks like a variable is typed as written.
        #expect(
            ScenarioParser.parseStep("type \"$HOME\" into \"P\"") == .success(.type("$HOME", into: "P")))
    }
}
