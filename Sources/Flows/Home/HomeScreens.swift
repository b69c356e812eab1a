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

    /// What home shows around a tab's content, the same at every render of that tab: who is signed
    /// in and the tabs above it, "Log out" below.
    struct Frame {
        /// The tab it frames.
        let tab: Tab
        /// Above the content: who is signed in, then the tabs.
        let top: [ScreenElement]
        /// Below the content: "Log out".
        let bottom: [ScreenElement]
    }

    /// Home's frame for `user` on `tab`.
    static func frame(for user: User, tab: Tab) -> Frame {
        Frame(
            tab: tab,
            top: [
                .text("Signed in as \(user.displayName) (@\(user.username))"),
                .tabs([
                    ScreenAction(id: ActionID.Home.deckTab, label: "Deck", isSelected: tab == .deck),
                    ScreenAction(id: ActionID.Home.matchesTab, label: "Matches", isSelected: tab == .matches),
                ]),
            ],
            bottom: [.action(ScreenAction(id: ActionID.Home.logOut, label: "Log out", style: .destructive))])
    }

    /// Home: its `frame` around the tab's content, which `addContent` adds.
    static func home(_ frame: Frame, addContent: (inout [ScreenElement]) -> Void) -> Screen {
        var elements = frame.top
        addContent(&elements)
        elements += frame.bottom
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
