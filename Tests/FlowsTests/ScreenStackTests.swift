import Flows
import GenericScreens
import Models
import Testing

/// The ready-made presenters: what they show, where an action goes, and what they refuse.
@MainActor @Suite struct ScreenStackTests {
    private let stack = ScreenStack()
    private let home = AppScreen.home(
        HomeScreen(
            displayName: "Alice", username: "alice",
            tab: .deck(
                DeckPanel(
                    failure: nil, content: .loading, canRewind: false, likesLeft: nil, waitingToSend: 0,
                    unsent: 0,
                    showsPreferences: false))))
    private let preferences = AppScreen.preferences(
        PreferencesScreen(
            failure: nil,
            search: SearchFields(
                minimumAge: FormValue("18"), maximumAge: FormValue("40"), maximumDistance: FormValue("50")),
            isSaving: false))

    @Test func actions_goToTheAlertFirst_thenTheTopValue_andEveryChangeIsOneNotification() throws {
        var log: [AppAction] = []
        var changes: [ShownScreens] = []
        stack.onChange = { changes.append($0) }
        stack.setRoot(home) { log.append($0) }
        stack.present(.match(MatchModal(name: "Bo"))) { log.append($0) }
        #expect(stack.shown.modals.last?.id == .match)
        #expect(throws: ScreenStackError.self) { try stack.send(.home(.deck(.likeTapped))) }
        try stack.send(.match(.keepSwipingTapped))
        stack.dismiss()
        stack.showAlert(.logOut(LogOutAlert(unsentMessages: 0, queuedSwipes: 0))) { log.append($0) }
        #expect(throws: ScreenStackError.self) { try stack.send(.home(.deck(.likeTapped))) }
        try stack.send(.logOut(.cancelTapped))
        #expect(stack.shown.alert == nil)
        try stack.send(.home(.deck(.likeTapped)))
        #expect(log == [.match(.keepSwipingTapped), .logOut(.cancelTapped), .home(.deck(.likeTapped))])
        #expect(
            changes.map { $0.modals.last?.id ?? $0.stack.last?.id } == [.home, .match, .home, .home, .home])
        #expect(changes.map { $0.alert == nil } == [true, true, true, false, true])
        #expect(throws: ScreenStackError.nothingShown) { try ScreenStack().send(.welcome(.logInTapped)) }
    }

    @Test func update_replacesTheNewestScreenWithThatID_andAnUnchangedOneNotifiesNothing() {
        var changes = 0
        stack.setRoot(preferences) { _ in }
        stack.push(.profile(ProfileScreen(.loading))) { _ in }
        stack.onChange = { _ in changes += 1 }
        let failed = AppScreen.preferences(
            PreferencesScreen(
                failure: .offline,
                search: SearchFields(
                    minimumAge: FormValue("18"), maximumAge: FormValue("40"), maximumDistance: FormValue("50")
                ),
                isSaving: false))
        stack.update(failed)
        stack.update(failed)
        stack.update(AppScreen.welcome(WelcomeScreen(notice: nil)))
        #expect(changes == 1)
        #expect(stack.shown.stack == [failed, .profile(ProfileScreen(.loading))])
    }

    @Test func theGenericStack_refusesADisabledAction_aFieldNotShown_andAnIDNotOnTop_andSendsNothing() throws
    {
        let generic = GenericScreenStack()
        var sent: [AppAction] = []
        generic.setRoot(home) { sent.append($0) }
        #expect(throws: ScreenStackError.actionDisabled("deck:rewind")) {
            try generic.send(.tap(ActionID.Deck.rewind))
        }
        #expect(throws: ScreenStackError.noSuchField("message")) {
            try generic.send(.edit(FieldID.Chat.message, "x"))
        }
        #expect(throws: ScreenStackError.noSuchAction("deck:like")) {
            try generic.send(.tap(ActionID.Deck.like))
        }
        #expect(sent.isEmpty)
        try generic.send(.tap(ActionID.Home.matchesTab))
        #expect(sent == [.home(.matchesTabTapped)])
        #expect(throws: ScreenStackError.nothingShown) { try GenericScreenStack().send(.tap(ActionID.back)) }
    }
}
