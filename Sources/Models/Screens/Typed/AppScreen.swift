/// Every screen of the navigation stack, as its typed value.
///
/// A SwiftUI app switches over it in its `NavigationStack`'s destinations; each case carries what the
/// screen draws, and the screen's ``ScreenValue/Action`` is what it sends back.
public enum AppScreen: Equatable, Sendable {
    /// "Loading…" while a stored session is checked at launch.
    case launching(LaunchingScreen)
    /// The welcome screen: log in or create an account.
    case welcome(WelcomeScreen)
    /// The sign-in or sign-up form.
    case loginForm(LoginFormScreen)
    /// Profile set-up after sign-up.
    case profileSetup(ProfileSetupScreen)
    /// Signed-in home: the deck or the matches.
    case home(HomeScreen)
    /// Someone's profile.
    case profile(ProfileScreen)
    /// One conversation.
    case conversation(ConversationScreen)
    /// The preferences editor.
    case preferences(PreferencesScreen)

    /// The screen's stable name (the contract's `id`, the flow graph's node).
    public var id: ScreenID {
        switch self {
        case .launching: .launching
        case .welcome: .welcome
        case .loginForm(let form): form.mode == .signIn ? .signIn : .signUp
        case .profileSetup: .profileSetup
        case .home: .home
        case .profile: .profile
        case .conversation: .chat
        case .preferences: .preferences
        }
    }

    /// Whether `action` is one this screen offers.
    public func offers(_ action: AppAction) -> Bool {
        switch self {
        case .launching: LaunchingScreen.action(in: action) != nil
        case .welcome: WelcomeScreen.action(in: action) != nil
        case .loginForm: LoginFormScreen.action(in: action) != nil
        case .profileSetup: ProfileSetupScreen.action(in: action) != nil
        case .home: HomeScreen.action(in: action) != nil
        case .profile: ProfileScreen.action(in: action) != nil
        case .conversation: ConversationScreen.action(in: action) != nil
        case .preferences: PreferencesScreen.action(in: action) != nil
        }
    }
}
