import Foundation
import GenericScreens
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Services
import Testing

/// A secret typed into a secure field, or given as a test account's password, never shows in a
/// screen, transcript, report or syntax error; secure text shows as `•••` whatever its length.
@MainActor
@Suite struct SecretReportTests {
    nonisolated static let secret = "hunter2-correct-horse"

    func run(_ body: String, environment: [String: String] = [:]) throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse("scenario: Secret\n" + body, path: "secret.scenario").get()
        return ScenarioRunner.embedded(environment: environment).run(scenario).result
    }

    /// Every way a result is shown: the text report, JUnit and the JSON transcript.
    func everyReport(_ result: ScenarioResult) -> String {
        [
            ScenarioReport.text(for: result, colour: false), ScenarioReport.junit([result]),
            String(decoding: ScenarioReport.json(for: result), as: UTF8.self),
            result.transcript.map(\.description).joined(separator: "\n"),
        ].joined(separator: "\n")
    }

    @Test func aFailingTypeStep_showsItsTextAsBullets_inTheTextReportAndJUnit() throws {
        // On the welcome screen there is no password field: the step fails, and its line is shown.
        let result = try run(
            """
            given demo people
            launch
            type "\(Self.secret)" into "Password"
            """)
        let failure = try #require(result.failure)
        #expect(failure.step == "type \"•••\" into \"Password\"")
        let text = ScenarioReport.text(for: result, colour: false)
        #expect(text.contains("secret.scenario:4: type \"•••\" into \"Password\""))
        let junit = ScenarioReport.junit([result])
        #expect(junit.contains("type &quot;•••&quot; into &quot;Password&quot;"))
        #expect(!everyReport(result).contains(Self.secret))
    }

    @Test func aFailingGivenUserStep_hidesThePassword() throws {
        let result = try run(
            """
            given user erin password "\(Self.secret)"
            given user erin password "\(Self.secret)"
            """)
        let failure = try #require(result.failure)
        #expect(failure.step == "given user erin password \"•••\"")
        #expect(!everyReport(result).contains(Self.secret))
    }

    @Test func aStepFailingAfterAPassword_neitherShowsItNorItsLength() throws {
        let result = try run(
            """
            given demo people
            launch
            tap "Log in"
            type "alice" into "Username or email"
            type "\(Self.secret)" into "Password"
            expect screen home
            """)
        #expect(result.failure?.line == 7)
        let reports = everyReport(result)
        #expect(!reports.contains(Self.secret))
        #expect(reports.contains("Password: [•••]"))
        #expect(reports.contains("type \"•••\" into \"Password\""))
        #expect(!reports.contains("••••"), "the mask has a fixed width: the length does not leak")
    }

    @Test func secureFields_showAFixedMask_emptyStaysEmpty_andAnOrdinaryFieldIsShown() throws {
        for password in ["a", "wonderland", String(repeating: "x", count: 200)] {
            let field = ScreenField(id: "pin", label: "PIN", value: password, isSecure: true)
            let screen = Screen(id: "form", title: "Form", elements: [.field(field)])
            #expect(ScreenRenderer.render(screen) == "== Form == (form)\nPIN: [•••]")
        }
        let empty = ScreenField(id: "pin", label: "PIN", value: "", isSecure: true)
        #expect(
            ScreenRenderer.render(Screen(id: "f", title: "F", elements: [.field(empty)])).hasSuffix("PIN: []")
        )
        // The field decides, not its label: a field named "Password" that is not secure shows its text.
        let plain = ScreenField(id: "p", label: "Password", value: "shown", isSecure: false)
        #expect(
            ScreenRenderer.render(Screen(id: "f", title: "F", elements: [.field(plain)])).hasSuffix(
                "Password: [shown]"))
    }

    @Test func typingIntoAnySecureField_recordsAFixedMaskInTheTranscript() throws {
        let transcript = Transcript(clock: VirtualScheduler(now: Date(timeIntervalSince1970: 0)))
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        frontEnd.setRoot(SampleScreens.signIn(canSubmit: true), onAction: { _ in })
        try frontEnd.type("123456", into: "Password")
        try frontEnd.type("", into: "Password")
        try frontEnd.type("Ann", into: "Username or email")
        #expect(
            transcript.entries.compactMap { entry -> String? in
                if case .intent(let text) = entry.kind { return text }
                return nil
            } == [
                "type \"•••\" into \"Password\"", "type \"\" into \"Password\"",
                "type \"Ann\" into \"Username or email\"",
            ])
    }

    @Test(arguments: [
        ("type \"\(secret)\" intoo \"Password\"", "type \"•••\" intoo \"Password\"", 12),
        ("  typ \"\(secret)\" into \"Password\"", "  typ \"•••\" into \"Password\"", 3),
        ("type \(secret) into \"Password\"", "type ••• into \"Password\"", 6),
        ("type \"a\\q\(secret)\" into \"Password\"", "type \"•••\" into \"Password\"", 6),
        ("given user erin password \(secret)", "given user erin password •••", 26),
        ("given user erin pasword \"\(secret)\"", "given user erin ••• \"•••\"", 17),
    ])
    func aSyntaxError_onALineThatMayHoldASecret_hidesIt_andKeepsTheCaretInPlace(
        _ line: String, _ shown: String, _ caretColumn: Int
    ) throws {
        guard case .failure(let error) = ScenarioParser.parse("scenario: x\n\(line)\n", path: "s.scenario")
        else {
            Issue.record("the line should not parse")
            return
        }
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!error.description.contains(Self.secret))
        #expect(lines[1] == "    " + shown)
        #expect(lines[2] == "    " + String(repeating: " ", count: caretColumn - 1) + "^")
    }

    @Test func aSyntaxError_elsewhere_showsTheLineAsWritten() throws {
        guard case .failure(let error) = ScenarioParser.parse("scenario: x\ntapp \"Log in\"\n", path: "s")
        else {
            Issue.record("the line should not parse")
            return
        }
        #expect(error.description.contains("    tapp \"Log in\"\n    ^"))
    }
}
