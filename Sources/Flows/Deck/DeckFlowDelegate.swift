import Models

/// What the deck flow tells the flow that shows it (``MainFlow``): the deck's part of home changed,
/// or the user wants to message a new match.
@MainActor
public protocol DeckFlowDelegate: AnyObject {
    /// Called when the deck's part of the home screen (``DeckFlow/addContent(to:)``) changed.
    func deckFlowDidChangeContent(_ flow: DeckFlow)

    /// Called when the user tapped "Send a message" on the "It's a match!" modal.
    func deckFlow(_ flow: DeckFlow, didRequestChatWith match: Match)
}
