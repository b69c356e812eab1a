/// Signed-in home: who is signed in, the "Deck" and "Matches" tabs with the one selected, "Log out".
public struct HomeScreen: StackScreenValue {
    /// What the user can do on home; the panels' actions nest in it.
    public enum Action: Equatable, Sendable {
        /// The "Deck" tab.
        case deckTabTapped
        /// The "Matches" tab.
        case matchesTabTapped
        /// "Log out", which asks first.
        case logOutTapped
        /// An action of the deck's panel.
        case deck(DeckPanel.Action)
        /// An action of the matches' panel.
        case matches(MatchesPanel.Action)
    }

    /// The tab shown, with its panel.
    public enum Tab: Equatable, Sendable {
        /// The swipe deck.
        case deck(DeckPanel)
        /// The matches and conversations.
        case matches(MatchesPanel)
    }

    /// The name of who is signed in.
    public var displayName: String
    /// Their username.
    public var username: String
    /// The tab shown.
    public var tab: Tab

    /// Creates home.
    public init(displayName: String, username: String, tab: Tab) {
        self.displayName = displayName
        self.username = username
        self.tab = tab
    }

    /// The value for a front end's stack.
    public var appScreen: AppScreen { .home(self) }

    /// `action` as home's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .home(let action) = action else { return nil }
        return action
    }
}
