import Flows
import Models
import Testing

/// The ready-made presenter: what it shows, where an intent goes, and what it refuses.
@MainActor @Suite struct ScreenStackTests {
    private let stack = ScreenStack()

    private func screen(_ id: ScreenID, _ elements: [ScreenElement]) -> Screen {
        Screen(id: id, title: id.rawValue, elements: elements)
    }

    @Test func intents_goToTheAlertFirst_thenTheTopScreen_andEveryChangeIsOneNotification() throws {
        var log: [String] = []
        var views: [ViewState] = []
        stack.onChange = { views.append($0) }
        let like = ScreenAction(id: ActionID.Deck.like, label: "Like")
        stack.setRoot(screen(.home, [.action(like)])) { log.append("home \($0)") }
        stack.present(
            screen(.match, [.action(ScreenAction(id: ActionID.Match.keepSwiping, label: "Keep swiping"))])
        ) {
            log.append("match \($0)")
        }
        #expect(stack.view.top?.id == .match)
        #expect(throws: ScreenStackError.noSuchAction("deck:like")) {
            try stack.send(.tap(ActionID.Deck.like))
        }
        try stack.send(.tap(ActionID.Match.keepSwiping))
        stack.dismiss()
        stack.showAlert(
            ScreenAlert(
                title: "Log out?", message: "",
                actions: [ScreenAction(id: ActionID.Home.cancelLogOut, label: "Cancel")])
        ) { log.append("alert \($0)") }
        #expect(throws: ScreenStackError.noSuchAction("deck:like")) {
            try stack.send(.tap(ActionID.Deck.like))
        }
        try stack.send(.tap(ActionID.Home.cancelLogOut))
        #expect(stack.view.alert == nil)
        try stack.send(.tap(ActionID.Deck.like))
        #expect(log == ["match tap match:keepSwiping", "alert tap logOut:cancel", "home tap deck:like"])
        #expect(views.map { $0.top?.id } == [.home, .match, .home, .home, .home])
        #expect(views.map { $0.alert?.title } == [nil, nil, nil, "Log out?", nil])
    }

    @Test func aDisabledAction_orAFieldNotShown_isRefused_andNothingIsSent() {
        var sent = 0
        stack.setRoot(
            screen(
                .home, [.action(ScreenAction(id: ActionID.Deck.rewind, label: "Rewind", isEnabled: false))])
        ) { _ in sent += 1 }
        #expect(throws: ScreenStackError.actionDisabled("deck:rewind")) {
            try stack.send(.tap(ActionID.Deck.rewind))
        }
        #expect(throws: ScreenStackError.noSuchField("message")) {
            try stack.send(.edit(FieldID.Chat.message, "x"))
        }
        #expect(sent == 0)
        #expect(throws: ScreenStackError.nothingShown) { try ScreenStack().send(.tap(ActionID.back)) }
    }

    @Test func update_replacesTheNewestScreenWithThatID_andAnUnchangedOneNotifiesNothing() {
        var changes = 0
        stack.setRoot(screen(.home, [.text("a")])) { _ in }
        stack.push(screen(.chat, [.text("b")])) { _ in }
        stack.onChange = { _ in changes += 1 }
        stack.update(screen(.home, [.text("a2")]))
        stack.update(screen(.home, [.text("a2")]))
        stack.update(screen(.profile, [.text("nowhere")]))
        #expect(changes == 1)
        #expect(stack.view.stack.map(\.elements) == [[.text("a2")], [.text("b")]])
    }
}
