/// Every action the user can take, by the screen, modal or alert that offers it.
///
/// A front end sends the action of the value it drew (the `ScreenStack`'s `send(_:)` in Flows); the flow that showed
/// the value receives that screen's own ``ScreenValue/Action``.
public enum AppAction: Equatable, Sendable {
    /// On the welcome screen.
    case welcome(WelcomeScreen.Action)
    /// On the sign-in or sign-up form.
    case loginForm(LoginFormScreen.Action)
    /// On profile set-up.
    case profileSetup(ProfileSetupScreen.Action)
    /// On home, its panels' actions nested.
    case home(HomeScreen.Action)
    /// On someone's profile.
    case profile(ProfileScreen.Action)
    /// In a conversation.
    case conversation(ConversationScreen.Action)
    /// On the preferences editor.
    case preferences(PreferencesScreen.Action)
    /// On "It's a match!".
    case match(MatchModal.Action)
    /// On "You're out of likes".
    case outOfLikes(OutOfLikesModal.Action)
    /// On "Log out?".
    case logOut(LogOutAlert.Action)
    /// On "Unmatch …?" or "Block …?".
    case endMatch(EndMatchAlert.Action)
    /// On "No super likes left".
    case outOfSuperLikes(OutOfSuperLikesAlert.Action)
    /// On "Can't open link".
    case unknownLink(UnknownLinkAlert.Action)
}
