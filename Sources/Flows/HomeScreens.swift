import Models

/// Builds the signed-in home screen and the chat placeholder.
enum HomeScreens {
    enum Tab: Hashable, Sendable {
        case deck
        case matches
    }

    static let deckTab: ActionID = "tab:deck"
    static let matchesTab: ActionID = "tab:matches"
    static let logOut: ActionID = "logOut"
    static let back: ActionID = "back"
    static let cancel: ActionID = "cancel"
    static let confirmLogOut: ActionID = "confirmLogOut"

    static func home(user: User, tab: Tab) -> Screen {
        var elements: [ScreenElement] = [
            .text("Signed in as \(user.displayName) (@\(user.username))"),
            .tabs([
                ScreenAction(id: deckTab, label: "Deck", isSelected: tab == .deck),
                ScreenAction(id: matchesTab, label: "Matches", isSelected: tab == .matches),
            ]),
        ]
        switch tab {
        case .deck:
            elements += [
                .text("No one to show yet."),
                .notice("Recommendations are not part of this version yet."),
            ]
        case .matches:
            elements += [
                .text("No matches yet."),
                .notice("Matches and chat are not part of this version yet."),
            ]
        }
        elements.append(.action(ScreenAction(id: logOut, label: "Log out", style: .destructive)))
        return Screen(id: .home, title: "Discover", elements: elements)
    }

    static func chatPlaceholder(match: String) -> Screen {
        Screen(
            id: .chat, title: "Chat",
            elements: [
                .text("Conversation \(match)"),
                .notice("Chat is not part of this version yet."),
                .action(ScreenAction(id: back, label: "Back")),
            ])
    }

    static let logoutAlert = ScreenAlert(
        title: "Log out?",
        message: "You'll need to log in again to see your matches.",
        actions: [
            ScreenAction(id: cancel, label: "Cancel"),
            ScreenAction(id: confirmLogOut, label: "Log out", style: .destructive),
        ])
}
