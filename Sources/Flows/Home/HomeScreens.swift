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

    /// Home for `user` on `tab`: who is signed in, the tabs, the tab's `content` and "Log out".
    static func home(for user: User, tab: Tab, content: [ScreenElement]) -> Screen {
        var elements: [ScreenElement] = [
            .text("Signed in as \(user.displayName) (@\(user.username))"),
            .tabs([
                ScreenAction(id: ActionID.Home.deckTab, label: "Deck", isSelected: tab == .deck),
                ScreenAction(id: ActionID.Home.matchesTab, label: "Matches", isSelected: tab == .matches),
            ]),
        ]
        elements += content
        elements.append(
            .action(ScreenAction(id: ActionID.Home.logOut, label: "Log out", style: .destructive)))
        return Screen(id: .home, title: "Discover", elements: elements)
    }

    /// "Log out?", warning about the messages and swipes not sent yet.
    static func logoutAlert(queuedSwipes: Int, unsentMessages: Int) -> ScreenAlert {
        var message = "You'll need to log in again to see your matches."
        if unsentMessages > 0 {
            message += " \(unsentMessages) message(s) have not been sent yet and will be lost."
        }
        if queuedSwipes > 0 {
            message += " \(queuedSwipes) swipe(s) have not been sent yet and will be lost."
        }
        return ScreenAlert(
            title: "Log out?", message: message,
            actions: [
                ScreenAction(id: ActionID.Home.cancelLogOut, label: "Cancel"),
                ScreenAction(id: ActionID.Home.confirmLogOut, label: "Log out", style: .destructive),
            ])
    }
}
