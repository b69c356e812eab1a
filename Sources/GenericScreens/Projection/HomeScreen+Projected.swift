import Models

extension HomeScreen: ProjectedScreen {
    /// Who is signed in, the tabs, the tab's panel, "Log out".
    public var generic: Screen {
        let isDeck = if case .deck = tab { true } else { false }
        var elements: [ScreenElement] = [
            .text("Signed in as \(displayName) (@\(username))"),
            .tabs([
                ScreenAction(id: ActionID.Home.deckTab, label: "Deck", isSelected: isDeck),
                ScreenAction(id: ActionID.Home.matchesTab, label: "Matches", isSelected: !isDeck),
            ]),
        ]
        switch tab {
        case .deck(let panel): elements += panel.generic
        case .matches(let panel): elements += panel.generic
        }
        elements.append(
            .action(ScreenAction(id: ActionID.Home.logOut, label: "Log out", style: .destructive)))
        return Screen(id: .home, title: "Discover", elements: elements)
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .deckTabTapped: .tap(ActionID.Home.deckTab)
        case .matchesTabTapped: .tap(ActionID.Home.matchesTab)
        case .logOutTapped: .tap(ActionID.Home.logOut)
        case .deck(let action): DeckPanel.intent(for: action)
        case .matches(let action): MatchesPanel.intent(for: action)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Home.deckTab): .deckTabTapped
        case .tap(ActionID.Home.matchesTab): .matchesTabTapped
        case .tap(ActionID.Home.logOut): .logOutTapped
        case .tap, .edit:
            DeckPanel.action(for: intent).map(Action.deck)
                ?? MatchesPanel.action(for: intent).map(Action.matches)
        }
    }
}
