import Models

extension DeckPanel {
    /// The failure, the top card and its buttons (or why there is none), "Rewind", the likes left, the
    /// swipes waiting, not sent and refused, and "Preferences".
    public var generic: [ScreenElement] {
        var elements: [ScreenElement] = []
        if let failure {
            elements.append(.error(Copy.banner(for: failure)))
            elements.append(.action(ScreenAction(id: ActionID.Deck.retry, label: "Retry", style: .primary)))
        }
        switch content {
        case .card(let card):
            elements += [
                .card(card),
                .action(ScreenAction(id: ActionID.Deck.pass, label: "Pass")),
                .action(ScreenAction(id: ActionID.Deck.like, label: "Like", style: .primary)),
                .action(ScreenAction(id: ActionID.Deck.superLike, label: "Super like")),
                .action(ScreenAction(id: ActionID.Deck.openProfile, label: "Open profile")),
            ]
        case .noOneNew:
            elements += [
                .text("No one new around you right now."),
                .text("Widen your age range or distance to see more people."),
                .action(ScreenAction(id: ActionID.Deck.widen, label: "Widen preferences", style: .primary)),
            ]
        case .loading:
            if failure == nil { elements.append(.text("Looking for people near you…")) }
        }
        elements.append(
            .action(ScreenAction(id: ActionID.Deck.rewind, label: "Rewind", isEnabled: canRewind)))
        if let likesLeft { elements.append(.likesLeft(likesLeft)) }
        if waitingToSend > 0 { elements.append(.notice("Waiting to send \(waitingToSend) swipe(s).")) }
        if unsent > 0 {
            elements.append(.error("Couldn't send \(unsent) swipe(s)."))
            elements.append(.action(ScreenAction(id: ActionID.Deck.retrySending, label: "Retry sending")))
        }
        if let refusal {
            elements.append(.error(Copy.refused(refusal)))
            elements.append(.action(ScreenAction(id: ActionID.Deck.dismissRefusal, label: "OK")))
        }
        if showsPreferences {
            elements.append(.action(ScreenAction(id: ActionID.Deck.preferences, label: "Preferences")))
        }
        return elements
    }

    /// The id of each action.
    static func intent(for action: Action) -> Intent {
        switch action {
        case .passTapped: .tap(ActionID.Deck.pass)
        case .likeTapped: .tap(ActionID.Deck.like)
        case .superLikeTapped: .tap(ActionID.Deck.superLike)
        case .rewindTapped: .tap(ActionID.Deck.rewind)
        case .openProfileTapped: .tap(ActionID.Deck.openProfile)
        case .preferencesTapped: .tap(ActionID.Deck.preferences)
        case .widenPreferencesTapped: .tap(ActionID.Deck.widen)
        case .retryTapped: .tap(ActionID.Deck.retry)
        case .retrySendingTapped: .tap(ActionID.Deck.retrySending)
        case .refusalDismissed: .tap(ActionID.Deck.dismissRefusal)
        }
    }

    /// The action of each id.
    static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Deck.pass): .passTapped
        case .tap(ActionID.Deck.like): .likeTapped
        case .tap(ActionID.Deck.superLike): .superLikeTapped
        case .tap(ActionID.Deck.rewind): .rewindTapped
        case .tap(ActionID.Deck.openProfile): .openProfileTapped
        case .tap(ActionID.Deck.preferences): .preferencesTapped
        case .tap(ActionID.Deck.widen): .widenPreferencesTapped
        case .tap(ActionID.Deck.retry): .retryTapped
        case .tap(ActionID.Deck.retrySending): .retrySendingTapped
        case .tap(ActionID.Deck.dismissRefusal): .refusalDismissed
        case .tap, .edit: nil
        }
    }
}
