import Models

/// What the deck flow tells the flow that shows it (``MainFlow``): the deck changed, or the user wants
/// to message a new match.
@MainActor
public protocol DeckFlowDelegate: AnyObject {
    /// Called when the deck's state changed, so home's deck panel (``DeckFlow/panel``) is built again.
    func deckFlowDidChange(_ flow: DeckFlow)

    /// Called when the user tapped "Send a message" on the "It's a match!" modal.
    func deckFlow(_ flow: DeckFlow, didRequestChatWith match: Match)
}
