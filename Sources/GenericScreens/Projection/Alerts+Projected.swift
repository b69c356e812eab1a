import Models

extension LogOutAlert: ProjectedAlert {
    /// "Log out?", warning about the messages and swipes not sent yet.
    public var generic: ScreenAlert {
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

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .cancelTapped: .tap(ActionID.Home.cancelLogOut)
        case .confirmTapped: .tap(ActionID.Home.confirmLogOut)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Home.cancelLogOut): .cancelTapped
        case .tap(ActionID.Home.confirmLogOut): .confirmTapped
        case .tap, .edit: nil
        }
    }
}

extension EndMatchAlert: ProjectedAlert {
    /// "Unmatch …?" or "Block …?", "Cancel" and the confirmation.
    public var generic: ScreenAlert {
        ScreenAlert(
            title: isBlock ? "Block \(name)?" : "Unmatch \(name)?",
            message: isBlock
                ? "You won't see each other again, and this conversation ends."
                : "This conversation ends for both of you.",
            actions: [
                ScreenAction(id: ActionID.Chat.cancel, label: "Cancel"),
                ScreenAction(
                    id: ActionID.Chat.confirm, label: isBlock ? "Block" : "Unmatch", style: .destructive),
            ])
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .cancelTapped: .tap(ActionID.Chat.cancel)
        case .confirmTapped: .tap(ActionID.Chat.confirm)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Chat.cancel): .cancelTapped
        case .tap(ActionID.Chat.confirm): .confirmTapped
        case .tap, .edit: nil
        }
    }
}

extension OutOfSuperLikesAlert: ProjectedAlert {
    /// "No super likes left", "OK".
    public var generic: ScreenAlert {
        ScreenAlert(
            title: "No super likes left", message: "You get one super like a day.",
            actions: [ScreenAction(id: ActionID.Deck.superLikesOK, label: "OK", style: .primary)])
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .okTapped: .tap(ActionID.Deck.superLikesOK)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        intent == .tap(ActionID.Deck.superLikesOK) ? .okTapped : nil
    }
}

extension UnknownLinkAlert: ProjectedAlert {
    /// "Can't open link", "OK".
    public var generic: ScreenAlert {
        ScreenAlert(
            title: "Can't open link", message: "Discover doesn't know that link.",
            actions: [ScreenAction(id: ActionID.Link.ok, label: "OK", style: .primary)])
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .okTapped: .tap(ActionID.Link.ok)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        intent == .tap(ActionID.Link.ok) ? .okTapped : nil
    }
}
