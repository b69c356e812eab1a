import Models

/// Builds a conversation's screen, keeping the message rows it built for the next render.
///
/// A conversation is rendered on every keystroke, message and receipt, and most of its rows are the
/// same each time: the row at a position is reused when the message there shows the same (id,
/// sender, text, status) and the other person's name did not change. Rows are matched by position,
/// so the usual changes (a message appended, one confirmed or read) reuse every other row, while
/// older messages loaded above rebuild the rows below them. The result is the same as building
/// every row afresh with ``ChatScreens/row(_:me:name:)``.
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
        let previous = messages
        let previousRows = self.rows
        let current = state.messages
        var rows: [ScreenList.Item] = []
        rows.reserveCapacity(current.count)
        for index in current.indices {
            // Only what a row shows is compared: its id, sender, text and status.
            if index < reusable, previous[index].id == current[index].id,
                previous[index].status == current[index].status,
                previous[index].sender == current[index].sender, previous[index].text == current[index].text
            {
                rows.append(previousRows[index])
            } else {
                rows.append(ChatScreens.row(current[index], me: me, name: name))
            }
        }
        self.name = name
        messages = current
        self.rows = rows
        return rows
    }
}
