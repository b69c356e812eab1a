import Models
import PersistentList

extension MatchesPanel {
    /// The list of new matches and conversations, "Loading matches…" (with why it failed and "Try
    /// again") until the server's list arrived, a hint when there is none, and the messages waiting.
    public var generic: [ScreenElement] {
        var elements: [ScreenElement] = []
        if !rows.isEmpty {
            let items = rows.lazy.map { row in
                ScreenList.Item(id: row.matchID, row: .match(row), action: ActionID.Matches.open(row.matchID))
            }
            elements.append(
                .list(
                    ScreenList(
                        id: "matches", items: PersistentList(items), changes: rows.changes,
                        revision: rows.revision)))
        } else if isLoaded {
            elements.append(.text("No matches yet. Like someone who likes you back!"))
        }
        if !isLoaded {
            elements.append(.text("Loading matches…"))
            if let loadFailure {
                elements += [
                    .error(Copy.banner(for: loadFailure)),
                    .action(ScreenAction(id: ActionID.Matches.reload, label: "Try again")),
                ]
            }
        }
        if waitingToSend > 0 { elements.append(.notice("Waiting to send \(waitingToSend) message(s).")) }
        return elements
    }

    /// The id of each action.
    static func intent(for action: Action) -> Intent {
        switch action {
        case .conversationTapped(let id): .tap(ActionID.Matches.open(id))
        case .reloadTapped: .tap(ActionID.Matches.reload)
        }
    }

    /// The action of each id.
    static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.Matches.reload): .reloadTapped
        case .tap(let id): ActionID.Matches.conversationID(openedBy: id).map { .conversationTapped($0) }
        case .edit: nil
        }
    }
}
