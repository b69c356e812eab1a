import Models

extension WelcomeScreen: ProjectedScreen {
    /// The welcome text, the notice, "Log in" and "Create account".
    public var generic: Screen {
        var elements: [ScreenElement] = [.text("Meet people who share your interests.")]
        if let notice { elements.append(.notice(Copy.notice(for: notice))) }
        elements.append(.action(ScreenAction(id: ActionID.Welcome.logIn, label: "Log in", style: .primary)))
        elements.append(.action(ScreenAction(id: ActionID.Welcome.createAccount, label: "Create account")))
        return Screen(id: .welcome, title: "Discover", elements: elements)
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .logInTapped: .tap(ActionID.Welcome.logIn)
        case .createAccountTapped: .tap(ActionID.Welcome.createAccount)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Welcome.logIn): .logInTapped
        case .tap(ActionID.Welcome.createAccount): .createAccountTapped
        case .tap, .edit: nil
        }
    }
}
