import Flows
import Foundation
import Headless
import Models
import Services
import Testing

@MainActor
@Suite struct HeadlessFrontEndTests {
    let transcript = Transcript(clock: VirtualScheduler(now: Date(timeIntervalSince1970: 0)))

    final class Intents {
        var received: [String] = []
    }

    func screen(_ id: ScreenID, _ elements: [ScreenElement]) -> Screen {
        Screen(id: id, title: id.rawValue.capitalized, elements: elements)
    }

    @Test func stack_modalsAndAlerts_decideWhatIsCurrent() {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        frontEnd.setRoot(screen("a", []), onIntent: { _ in })
        frontEnd.push(screen("b", []), onIntent: { _ in })
        frontEnd.present(screen("m", []), onIntent: { _ in })
        #expect(frontEnd.currentScreen?.id == "m")
        frontEnd.dismiss()
        #expect(frontEnd.currentScreen?.id == "b")
        frontEnd.replaceTop(screen("c", []), onIntent: { _ in })
        #expect(frontEnd.stackIDs == ["a", "c"])
        frontEnd.pop()
        frontEnd.pop()
        #expect(frontEnd.stackIDs == ["a"])
        #expect(transcript.screenSequence == ["a", "b", "m", "b", "c", "a"])
    }

    @Test func tapAndType_findActionsAndFieldsByLabel_andSendIntents() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        let intents = Intents()
        frontEnd.setRoot(
            screen(
                "form",
                [
                    .field(ScreenField(id: "pw", label: "Password", value: "", isSecure: true)),
                    .action(ScreenAction(id: "go", label: "Go")),
                    .action(ScreenAction(id: "off", label: "Off", isEnabled: false)),
                ]),
            onIntent: { intents.received.append(String(describing: $0)) })
        try frontEnd.type("hunter22", into: "Password")
        try frontEnd.tap("Go")
        #expect(intents.received == ["edit pw", "tap go"])
        #expect(throws: HeadlessError.actionDisabled("Off")) { try frontEnd.tap("Off") }
        #expect(throws: HeadlessError.noSuchAction("Stop", available: ["Go", "Off"])) {
            try frontEnd.tap("Stop")
        }
        #expect(throws: HeadlessError.noSuchField("Email", available: ["Password"])) {
            try frontEnd.type("x", into: "Email")
        }
        #expect(!transcript.text.contains("hunter22"))
    }

    @Test func update_reRendersTheShownScreenWithThatID_keepingItsHandler() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        let intents = Intents()
        frontEnd.setRoot(screen("a", [.text("old")]), onIntent: { _ in intents.received.append("a") })
        frontEnd.push(
            screen("b", [.action(ScreenAction(id: "x", label: "X"))]),
            onIntent: { _ in intents.received.append("b") })
        frontEnd.update(screen("a", [.text("new")]))
        #expect(frontEnd.currentScreen?.id == "b")
        frontEnd.pop()
        #expect(frontEnd.currentScreen?.elements == [.text("new")])
        frontEnd.update(screen("zzz", []))
        #expect(frontEnd.stackIDs == ["a"])
    }

    @Test func alert_takesTheTap_andIsDismissedBeforeItsHandlerRuns() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        let intents = Intents()
        frontEnd.setRoot(
            screen("a", [.action(ScreenAction(id: "a", label: "OK"))]),
            onIntent: { _ in intents.received.append("screen") })
        frontEnd.showAlert(
            ScreenAlert(title: "Sure?", message: "Really", actions: [ScreenAction(id: "ok", label: "OK")]),
            onIntent: { intent in intents.received.append("alert \(intent)") })
        #expect(frontEnd.render().contains("** Sure? **"))
        try frontEnd.tap("OK")
        #expect(frontEnd.currentAlert == nil)
        try frontEnd.tap("OK")
        #expect(intents.received == ["alert tap ok", "screen"])
    }

    @Test func typingUnderAnAlert_isRefused_untilTheAlertIsAnswered() throws {
        let frontEnd = HeadlessFrontEnd(transcript: transcript)
        let intents = Intents()
        frontEnd.setRoot(
            screen("a", [.field(ScreenField(id: "note", label: "Note", value: ""))]),
            onIntent: { intent in intents.received.append("screen \(intent)") })
        frontEnd.showAlert(
            ScreenAlert(title: "Sure?", message: "", actions: [ScreenAction(id: "ok", label: "OK")]),
            onIntent: { _ in intents.received.append("alert") })
        #expect(throws: HeadlessError.alertShown("Sure?")) { try frontEnd.type("x", into: "Note") }
        try frontEnd.tap("OK")
        try frontEnd.type("x", into: "Note")
        #expect(intents.received == ["alert", "screen edit note"])
    }

    @Test func aScreenNamingAnActionTwice_isRecordedAsABreakOfTheContract() {
        let moves = ScreenMoveLog()
        let frontEnd = HeadlessFrontEnd(transcript: transcript, moves: moves)
        frontEnd.setRoot(
            screen(
                "a",
                [
                    .action(ScreenAction(id: "ok", label: "OK")),
                    .action(ScreenAction(id: "ok", label: "Fine")),
                ]),
            onIntent: { _ in })
        #expect(moves.errors.contains("screen a names ok more than once"))
        frontEnd.setRoot(screen("b", [.action(ScreenAction(id: "ok", label: "OK"))]), onIntent: { _ in })
        frontEnd.showAlert(
            ScreenAlert(title: "Sure?", message: "", actions: [ScreenAction(id: "ok", label: "OK")]),
            onIntent: { _ in })
        #expect(moves.errors.last == "screen b names ok more than once")
        #expect(
            transcript.entries.contains {
                $0.kind == .error("screen contract: screen b names ok more than once")
            })
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
