import Models

extension AppScreen {
    /// The screen's generic form.
    public var generic: Screen {
        switch self {
        case .launching(let screen): screen.generic
        case .welcome(let screen): screen.generic
        case .loginForm(let screen): screen.generic
        case .profileSetup(let screen): screen.generic
        case .home(let screen): screen.generic
        case .profile(let screen): screen.generic
        case .conversation(let screen): screen.generic
        case .preferences(let screen): screen.generic
        }
    }

    /// The typed action an `Intent` names on this screen, if it offers one.
    public func action(for intent: Intent) -> AppAction? {
        switch self {
        case .launching: nil
        case .welcome: WelcomeScreen.action(for: intent).map(AppAction.welcome)
        case .loginForm: LoginFormScreen.action(for: intent).map(AppAction.loginForm)
        case .profileSetup: ProfileSetupScreen.action(for: intent).map(AppAction.profileSetup)
        case .home: HomeScreen.action(for: intent).map(AppAction.home)
        case .profile: ProfileScreen.action(for: intent).map(AppAction.profile)
        case .conversation: ConversationScreen.action(for: intent).map(AppAction.conversation)
        case .preferences: PreferencesScreen.action(for: intent).map(AppAction.preferences)
        }
    }
}

extension AppModal {
    /// The modal's generic form.
    public var generic: Screen {
        switch self {
        case .match(let modal): modal.generic
        case .outOfLikes(let modal): modal.generic
        }
    }

    /// The typed action an `Intent` names on this modal, if it offers one.
    public func action(for intent: Intent) -> AppAction? {
        switch self {
        case .match: MatchModal.action(for: intent).map(AppAction.match)
        case .outOfLikes: OutOfLikesModal.action(for: intent).map(AppAction.outOfLikes)
        }
    }
}

extension AppAlert {
    /// The alert's generic form.
    public var generic: ScreenAlert {
        switch self {
        case .logOut(let alert): alert.generic
        case .endMatch(let alert): alert.generic
        case .outOfSuperLikes(let alert): alert.generic
        case .unknownLink(let alert): alert.generic
        }
    }

    /// The typed action an `Intent` names on this alert, if it offers one.
    public func action(for intent: Intent) -> AppAction? {
        switch self {
        case .logOut: LogOutAlert.action(for: intent).map(AppAction.logOut)
        case .endMatch: EndMatchAlert.action(for: intent).map(AppAction.endMatch)
        case .outOfSuperLikes: OutOfSuperLikesAlert.action(for: intent).map(AppAction.outOfSuperLikes)
        case .unknownLink: UnknownLinkAlert.action(for: intent).map(AppAction.unknownLink)
        }
    }
}

extension AppAction {
    /// The generic form's `Intent` for this action.
    public var intent: Intent {
        switch self {
        case .welcome(let action): WelcomeScreen.intent(for: action)
        case .loginForm(let action): LoginFormScreen.intent(for: action)
        case .profileSetup(let action): ProfileSetupScreen.intent(for: action)
        case .home(let action): HomeScreen.intent(for: action)
        case .profile(let action): ProfileScreen.intent(for: action)
        case .conversation(let action): ConversationScreen.intent(for: action)
        case .preferences(let action): PreferencesScreen.intent(for: action)
        case .match(let action): MatchModal.intent(for: action)
        case .outOfLikes(let action): OutOfLikesModal.intent(for: action)
        case .logOut(let action): LogOutAlert.intent(for: action)
        case .endMatch(let action): EndMatchAlert.intent(for: action)
        case .outOfSuperLikes(let action): OutOfSuperLikesAlert.intent(for: action)
        case .unknownLink(let action): UnknownLinkAlert.intent(for: action)
        }
    }
}
