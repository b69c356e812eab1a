import Models

extension MatchModal: ProjectedModal {
    /// "You and … like each other.", "Send a message", "Keep swiping".
    public var generic: Screen {
        Screen(
            id: .match, title: "It's a match!",
            elements: [
                .text("You and \(name) like each other."),
                .action(
                    ScreenAction(id: ActionID.Match.sendMessage, label: "Send a message", style: .primary)),
                .action(ScreenAction(id: ActionID.Match.keepSwiping, label: "Keep swiping")),
            ])
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .sendMessageTapped: .tap(ActionID.Match.sendMessage)
        case .keepSwipingTapped: .tap(ActionID.Match.keepSwiping)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Match.sendMessage): .sendMessageTapped
        case .tap(ActionID.Match.keepSwiping): .keepSwipingTapped
        case .tap, .edit: nil
        }
    }
}

extension OutOfLikesModal: ProjectedModal {
    /// "You've used today's likes.", the countdown, "OK".
    public var generic: Screen {
        Screen(
            id: .outOfLikes, title: "You're out of likes",
            elements: [
                .text("You've used today's likes."), .countdown(countdown),
                .action(ScreenAction(id: ActionID.OutOfLikes.ok, label: "OK", style: .primary)),
            ])
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .okTapped: .tap(ActionID.OutOfLikes.ok)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        intent == .tap(ActionID.OutOfLikes.ok) ? .okTapped : nil
    }
}
