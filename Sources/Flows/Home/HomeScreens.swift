import Models

/// Builds the signed-in home screen (tabs around the deck or the matches) and its logout alert.
/// Pure functions of their inputs.
enum HomeScreens {
    /// The tabs of home.
    enum Tab: Hashable, Sendable {
        /// The swipe deck.
        case deck
        /// The matches and conversations.
        case matches
    }

    /// Home for `user` on `tab`: the deck's panel, or the matches' built from `list`.
    static func home(for user: User, tab: Tab, deck: @autoclosure () -> DeckPanel, list: ChatListState)
        -> HomeScreen
    {
        let shown: HomeScreen.Tab =
            switch tab {
            case .deck: .deck(deck())
            case .matches: .matches(MatchesPanel(list))
            }
        return HomeScreen(displayName: user.displayName, username: user.username, tab: shown)
    }

    /// "Log out?", warning about the messages and swipes not sent yet.
    static func logoutAlert(queuedSwipes: Int, unsentMessages: Int) -> LogOutAlert {
        LogOutAlert(unsentMessages: unsentMessages, queuedSwipes: queuedSwipes)
    }
}
