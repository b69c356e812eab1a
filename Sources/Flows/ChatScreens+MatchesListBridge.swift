import Models

// A bridge until the chat slice's `ChatScreens.matchesList(_:)` is merged (deleted at merge).
extension ChatScreens {
    /// The matches tab's elements: the list, and a notice while messages wait.
    static func matchesList(_ state: ChatListState) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        appendMatchesList(state, to: &elements)
        return elements
    }
}
