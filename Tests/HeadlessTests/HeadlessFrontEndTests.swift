import Flows
import Foundation
import GenericScreens
import HeadlessFrontEnd
import Models
import Services
import Testing

@MainActor
@Suite struct HeadlessFrontEndTests {
    let transcript = Transcript(clock: VirtualScheduler(now: Date(timeIntervalSince1970: 0)))

    final class Actions {
        var received: [String] = []
    }

    func screen(_ id: ScreenID, _ elements: [ScreenElement]) -> Screen {
        Screen(id: id, title: id.rawValue.capitalized, elements: elements)
    }

    @Test func stack_modalsAndAlerts_decideWhatIsCurrent() {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        frontEnd.setRoot(SampleScreens.welcome, onAction: { _ in })
        frontEnd.push(SampleScreens.preferences(), onAction: { _ in })
        frontEnd.present(SampleScreens.match, onAction: { _ in })
        #expect(frontEnd.currentScreen?.id == .match)
        frontEnd.dismiss()
        #expect(frontEnd.currentScreen?.id == .preferences)
        frontEnd.replaceTop(SampleScreens.profile, onAction: { _ in })
        #expect(frontEnd.stackIDs == [.welcome, .profile])
        frontEnd.pop()
        frontEnd.pop()
        #expect(frontEnd.stackIDs == [.welcome])
        #expect(
            transcript.screenSequence == [
                "welcome", "preferences", "match", "preferences", "profile", "welcome",
            ])
    }

    @Test func tapAndType_findActionsAndFieldsByLabel_andSendTypedActions() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        var received: [AppAction] = []
        frontEnd.setRoot(SampleScreens.signIn(canSubmit: false), onAction: { received.append($0) })
        try frontEnd.type("hunter22", into: "Password")
        try frontEnd.tap("Back")
        #expect(received == [.loginForm(.fieldChanged(.password, "hunter22")), .loginForm(.backTapped)])
        #expect(throws: HeadlessError.actionDisabled("Log in")) { try frontEnd.tap("Log in") }
        #expect(
            throws: HeadlessError.noSuchAction(
                "Stop", available: ["Log in", "Create an account instead", "Back"])
        ) {
            try frontEnd.tap("Stop")
        }
        #expect(throws: HeadlessError.noSuchField("Email", available: ["Username or email", "Password"])) {
            try frontEnd.type("x", into: "Email")
        }
        #expect(!transcript.text.contains("hunter22"))
    }

    @Test func update_reRendersTheShownScreenWithThatID_keepingItsHandler() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        frontEnd.setRoot(SampleScreens.preferences(), onAction: { _ in })
        frontEnd.push(SampleScreens.profile, onAction: { _ in })
        frontEnd.update(SampleScreens.preferences(failure: .offline))
        #expect(frontEnd.currentScreen?.id == .profile)
        frontEnd.pop()
        #expect(frontEnd.visibleTexts.contains("You're offline. Check your connection and try again."))
        frontEnd.update(SampleScreens.welcome)
        #expect(frontEnd.stackIDs == [.preferences])
    }

    @Test func alert_takesTheTap_andIsDismissedBeforeItsHandlerRuns() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        let actions = Actions()
        frontEnd.setRoot(SampleScreens.welcome, onAction: { _ in actions.received.append("screen") })
        frontEnd.showAlert(
            .unknownLink(UnknownLinkAlert()),
            onAction: { action in actions.received.append("alert \(action)") })
        #expect(frontEnd.render().contains("** Can't open link **"))
        try frontEnd.tap("OK")
        #expect(frontEnd.currentAlert == nil)
        try frontEnd.tap("Log in")
        #expect(actions.received == ["alert unknownLink(Models.UnknownLinkAlert.Action.okTapped)", "screen"])
    }

    @Test func typingUnderAnAlert_isRefused_untilTheAlertIsAnswered() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        var received: [AppAction] = []
        frontEnd.setRoot(SampleScreens.signIn(canSubmit: true), onAction: { received.append($0) })
        frontEnd.showAlert(.unknownLink(UnknownLinkAlert()), onAction: { received.append($0) })
        #expect(throws: HeadlessError.alertShown("Can't open link")) {
            try frontEnd.type("x", into: "Password")
        }
        try frontEnd.tap("OK")
        try frontEnd.type("x", into: "Password")
        #expect(received == [.unknownLink(.okTapped), .loginForm(.fieldChanged(.password, "x"))])
    }

    @Test func aScreenNamingAnActionTwice_isRecordedAsABreakOfTheContract() {
        let moves = ScreenMoveLog()
        let twice = screen(
            "a",
            [.action(ScreenAction(id: "ok", label: "OK")), .action(ScreenAction(id: "ok", label: "Fine"))])
        #expect(moves.checkIDs(of: twice, alert: nil) == "screen a names ok more than once")
        let once = screen("b", [.action(ScreenAction(id: "ok", label: "OK"))])
        let alert = ScreenAlert(title: "Sure?", message: "", actions: [ScreenAction(id: "ok", label: "OK")])
        #expect(moves.checkIDs(of: once, alert: nil) == nil)
        #expect(moves.checkIDs(of: once, alert: alert) == "screen b names ok more than once")
        #expect(moves.errors.count == 2)
    }

    /// Every scenario and explorer step runs this check on what it shows: each id of the generic form
    /// reads back as a typed action the table names with the same id.
    @Test func anIDOfTheGenericFormThatTheTableDoesNotMapBack_isABreakOfTheContract() throws {
        let moves = ScreenMoveLog()
        let welcome = WelcomeScreen(notice: nil)
        let shown = ShownScreens(stack: [.welcome(welcome)])
        #expect(moves.checkTable(of: shown, generic: ViewState(stack: [welcome.generic])) == nil)
        var stray = welcome.generic
        stray.elements.append(.action(ScreenAction(id: "stray", label: "Stray")))
        #expect(
            moves.checkTable(of: shown, generic: ViewState(stack: [stray]))
                == "screen welcome shows tap stray, which its table does not map back")
        #expect(moves.errors.count == 1)
    }

    @Test func render_masksSecureFields_andMarksDisabledActions() {
        let rendered = ScreenRenderer.render(
            screen(
                "form",
                [
                    .notice("Hello"), .error("Oops"),
                    .field(
                        ScreenField(
                            id: "pw", label: "Password", value: "abc", isSecure: true, error: "Too short")),
                    .tabs([
                        ScreenAction(id: "t1", label: "One", isSelected: true),
                        ScreenAction(id: "t2", label: "Two", isSelected: false),
                    ]),
                    .options(label: "Pick", [ScreenAction(id: "o", label: "Opt", isSelected: true)]),
                    .action(ScreenAction(id: "s", label: "Send", isEnabled: false)),
                ]))
        #expect(
            rendered == """
                == Form == (form)
                (i) Hello
                (!) Oops
                Password: [•••]
                  ! Too short
                <One> |  Two 
                Pick: [x] Opt
                [ Send ] (disabled)
                """)
    }

    @Test func nothingShown_isAClearError() {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        #expect(throws: HeadlessError.nothingShown) { try frontEnd.tap("Anything") }
        #expect(frontEnd.render() == "(nothing shown)")
    }
}
