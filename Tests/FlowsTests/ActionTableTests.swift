import GenericScreens
import Models
import Testing

/// Each screen's table between its typed actions and the generic form's ids, read both ways: every
/// action names an intent that reads back as the same action, and no two actions share an intent.
@Suite struct ActionTableTests {
    /// Every action of every screen, modal and alert (text edits with a sample value).
    static let everyAction: [AppAction] =
        [.welcome(.logInTapped), .welcome(.createAccountTapped)]
        + LoginField.allCases.map { .loginForm(.fieldChanged($0, "x")) }
        + [
            .loginForm(.submitTapped), .loginForm(.retryTapped), .loginForm(.switchModeTapped),
            .loginForm(.backTapped),
        ]
        + ProfileField.allCases.filter { $0 != .interests }.map { .profileSetup(.fieldChanged($0, "7")) }
        + Interest.catalog.map { .profileSetup(.interestToggled($0)) }
        + [.profileSetup(.saveTapped), .profileSetup(.skipTapped)]
        + [.home(.deckTabTapped), .home(.matchesTabTapped), .home(.logOutTapped)]
        + [
            DeckPanel.Action.passTapped, .likeTapped, .superLikeTapped, .rewindTapped, .openProfileTapped,
            .refusalDismissed,
            .preferencesTapped, .widenPreferencesTapped, .retryTapped, .retrySendingTapped,
        ].map { .home(.deck($0)) }
        + [.home(.matches(.conversationTapped("m-alice~bob"))), .home(.matches(.reloadTapped))]
        + [.profile(.backTapped), .profile(.retryTapped)]
        + [
            ConversationScreen.Action.backTapped, .reloadTapped, .draftChanged("Hi"), .sendTapped,
            .loadOlderTapped, .retryFailedTapped, .deleteUnsentTapped, .unmatchTapped, .blockTapped,
        ].map { .conversation($0) }
        + [ProfileField.minimumAge, .maximumAge, .maximumDistance].map {
            .preferences(.fieldChanged($0, "30"))
        }
        + [.preferences(.saveTapped), .preferences(.cancelTapped)]
        + [.match(.sendMessageTapped), .match(.keepSwipingTapped), .outOfLikes(.okTapped)]
        + [
            .logOut(.cancelTapped), .logOut(.confirmTapped), .endMatch(.cancelTapped),
            .endMatch(.confirmTapped),
        ]
        + [.outOfSuperLikes(.okTapped), .unknownLink(.okTapped)]

    /// The typed action an intent names on the kind of value that offers `action`.
    static func readBack(_ intent: Intent, like action: AppAction) -> AppAction? {
        switch action {
        case .welcome: WelcomeScreen.action(for: intent).map(AppAction.welcome)
        case .loginForm: LoginFormScreen.action(for: intent).map(AppAction.loginForm)
        case .profileSetup: ProfileSetupScreen.action(for: intent).map(AppAction.profileSetup)
        case .home: HomeScreen.action(for: intent).map(AppAction.home)
        case .profile: ProfileScreen.action(for: intent).map(AppAction.profile)
        case .conversation: ConversationScreen.action(for: intent).map(AppAction.conversation)
        case .preferences: PreferencesScreen.action(for: intent).map(AppAction.preferences)
        case .match: MatchModal.action(for: intent).map(AppAction.match)
        case .outOfLikes: OutOfLikesModal.action(for: intent).map(AppAction.outOfLikes)
        case .logOut: LogOutAlert.action(for: intent).map(AppAction.logOut)
        case .endMatch: EndMatchAlert.action(for: intent).map(AppAction.endMatch)
        case .outOfSuperLikes: OutOfSuperLikesAlert.action(for: intent).map(AppAction.outOfSuperLikes)
        case .unknownLink: UnknownLinkAlert.action(for: intent).map(AppAction.unknownLink)
        }
    }

    @Test(arguments: everyAction)
    func eachAction_namesAnIntent_thatReadsBackAsTheSameAction(_ action: AppAction) {
        #expect(Self.readBack(action.intent, like: action) == action)
    }

    @Test func noTwoActionsOfAScreen_shareAnIntent() {
        let byScreen = Dictionary(grouping: Self.everyAction) { "\($0)".prefix { $0 != "(" } }
        for (screen, actions) in byScreen {
            let intents = actions.map(\.intent)
            #expect(Set(intents).count == intents.count, "\(screen): \(intents)")
        }
    }

    @Test func anIntentNoScreenOffers_readsBackAsNothing() {
        for action in Self.everyAction {
            #expect(Self.readBack(.tap("nowhere"), like: action) == nil)
            #expect(Self.readBack(.edit("nowhere", "x"), like: action) == nil)
        }
    }
}
