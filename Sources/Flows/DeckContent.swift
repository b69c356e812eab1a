import Models

/// Builds the deck's part of the home screen, keeping the text it built for the next render.
///
/// The home screen is rendered on every change of the deck: a swipe changes the top card and the
/// allowance, the server's answer only the queue. Building text (the card's line, the shared
/// interests, the counts) is most of what a render costs, so each part is kept with the value it was
/// built from and built again only when that value changes. The result is the same as building
/// everything afresh.
struct DeckContent {
    private var card: (candidate: Candidate, interests: [Interest], elements: [ScreenElement])?
    private var peek: (name: String, element: ScreenElement)?
    private var allowance: (likes: Int, superLikes: Int, element: ScreenElement)?

    /// The elements showing `state`: the failure, the top card and a peek at the next, the buttons,
    /// the allowance, the queue and the preferences.
    mutating func elements(for state: DeckState) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        elements.reserveCapacity(12)
        if let failure = state.failure {
            elements.append(.error(Copy.banner(for: failure)))
            elements.append(Self.retryAction)
        }
        if let top = state.top {
            elements += cardElements(top, viewerInterests: state.viewerInterests)
            if let next = state.next { elements.append(peekElement(next.displayName)) }
            elements += Self.swipeActions
        } else if state.isEmpty {
            elements += Self.emptyDeck
        } else if state.failure == nil {
            elements.append(Self.looking)
        }
        elements.append(state.rewindable != nil ? Self.rewindEnabled : Self.rewindDisabled)
        if let allowance = state.allowance {
            elements.append(allowanceElement(allowance))
        }
        if state.queuedSwipes > 0 {
            elements.append(.notice("Waiting to send \(state.queuedSwipes) swipe(s)."))
        }
        if state.top != nil || !state.isEmpty { elements.append(Self.preferencesAction) }
        return elements
    }

    private mutating func cardElements(_ candidate: Candidate, viewerInterests: [Interest]) -> [ScreenElement]
    {
        if let card, card.candidate == candidate, card.interests == viewerInterests { return card.elements }
        let elements = DeckScreens.card(candidate, viewerInterests: viewerInterests)
        card = (candidate, viewerInterests, elements)
        return elements
    }

    private mutating func peekElement(_ name: String) -> ScreenElement {
        if let peek, peek.name == name { return peek.element }
        let element = ScreenElement.text("Next: \(name)")
        peek = (name, element)
        return element
    }

    private mutating func allowanceElement(_ value: SwipeAllowance) -> ScreenElement {
        if let allowance, allowance.likes == value.likesRemaining,
            allowance.superLikes == value.superLikesRemaining
        {
            return allowance.element
        }
        let element = ScreenElement.text(
            "Likes left today: \(value.likesRemaining) · Super likes left: \(value.superLikesRemaining)")
        allowance = (value.likesRemaining, value.superLikesRemaining, element)
        return element
    }

    private static let retryAction = ScreenElement.action(
        ScreenAction(id: DeckScreens.retry, label: "Retry", style: .primary))
    private static let swipeActions: [ScreenElement] = [
        .action(ScreenAction(id: DeckScreens.pass, label: "Pass")),
        .action(ScreenAction(id: DeckScreens.like, label: "Like", style: .primary)),
        .action(ScreenAction(id: DeckScreens.superLike, label: "Super like")),
        .action(ScreenAction(id: DeckScreens.openProfile, label: "Open profile")),
    ]
    private static let emptyDeck: [ScreenElement] = [
        .text("No one new around you right now."),
        .text("Widen your age range or distance to see more people."),
        .action(ScreenAction(id: DeckScreens.widen, label: "Widen preferences", style: .primary)),
    ]
    private static let looking = ScreenElement.text("Looking for people near you…")
    private static let rewindEnabled = ScreenElement.action(
        ScreenAction(id: DeckScreens.rewind, label: "Rewind", isEnabled: true))
    private static let rewindDisabled = ScreenElement.action(
        ScreenAction(id: DeckScreens.rewind, label: "Rewind", isEnabled: false))
    private static let preferencesAction = ScreenElement.action(
        ScreenAction(id: DeckScreens.preferences, label: "Preferences"))
}
