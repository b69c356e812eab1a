import Models

/// Builds a conversation's screen, keeping the message rows it built for the next render.
///
/// A conversation is rendered on every keystroke, message and receipt, and most of its rows are the
/// same each time: a row is built again only when its message (or the other person's name) changed.
/// The result is the same as building every row afresh with ``ChatScreens/row(_:me:name:)``.
struct ConversationContent {
    private let me: UserID
    private var name = ""
    private var messages: [Message] = []
    private var rows: [ScreenList.Item] = []

    /// A builder for the conversation screens of user `me`.
    init(me: UserID) { self.me = me }

    /// The screen showing `state`.
    mutating func screen(for state: ConversationState) -> Screen {
        ChatScreens.conversation(state, me: me, rows: rows(for: state))
    }

    private mutating func rows(for state: ConversationState) -> [ScreenList.Item] {
        let name = state.match.displayName
        let reusable = name == self.name ? messages.count : 0
        var rows: [ScreenList.Item] = []
        rows.reserveCapacity(state.messages.count)
        for (index, message) in state.messages.enumerated() {
            if index < reusable, messages[index] == message {
                rows.append(self.rows[index])
            } else {
                rows.append(ChatScreens.row(message, me: me, name: name))
            }
        }
        self.name = name
        messages = state.messages
        self.rows = rows
        return rows
    }
}
