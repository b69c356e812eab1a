import Models

/// Builds a conversation's screen, keeping the message rows it built for the next render.
///
/// A conversation is rendered on every keystroke, message and receipt, and most of its rows are the
/// same each time: the row at a position is reused when the message there shows the same (id,
/// sender, text, status) and the other person's name did not change. Rows are matched by position,
/// so the usual changes (a message appended, one confirmed or read) reuse every other row, while
/// older messages loaded above rebuild the rows below them. When the state holds the very messages
/// rendered last (the same array storage: an edit of the draft, typing, a history request), the rows
/// are reused whole without looking at a message; otherwise the kept array is edited in place (no
/// new array once the last screen is gone). The result is the same as building every row afresh
/// with ``ChatScreens/row(_:me:name:)`` (`ConversationContentTests`).
struct ConversationContent {
    private let me: UserID
    private var name = ""
    private var messages: [Message] = []
    private var rows: [ScreenList.Item] = []
    /// Whether `messages` holds a message of the user's that was not sent (the retry action shows).
    private var hasFailed = false

    /// A builder for the conversation screens of user `me`.
    init(me: UserID) { self.me = me }

    /// The screen showing `state`.
    mutating func screen(for state: ConversationState) -> Screen {
        let rows = rows(for: state)
        return ChatScreens.conversation(state, rows: rows, showsRetry: hasFailed)
    }

    private mutating func rows(for state: ConversationState) -> [ScreenList.Item] {
        let name = state.match.displayName
        let current = state.messages
        if name != self.name {
            self.name = name
            messages = []
            rows = []
        } else if Self.sharesStorage(current, messages) {
            return rows
        }
        // The kept rows are changed in place: once the last screen is gone, nothing else holds them.
        let previous = messages
        messages = current
        var hasFailed = false
        previous.withUnsafeBufferPointer { previous in
            current.withUnsafeBufferPointer { current in
                // Read in place through the buffers: no message is copied to be compared.
                for index in current.indices {
                    if current[index].status == .failed, current[index].sender == me { hasFailed = true }
                    guard index < previous.count else {
                        rows.append(ChatScreens.row(current[index], me: me, name: name))
                        continue
                    }
                    // Only what a row shows is compared: its id, sender, text and status.
                    if previous[index].id != current[index].id
                        || previous[index].status != current[index].status
                        || previous[index].sender != current[index].sender
                        || previous[index].text != current[index].text
                    {
                        rows[index] = ChatScreens.row(current[index], me: me, name: name)
                    }
                }
            }
        }
        if rows.count > current.count { rows.removeSubrange(current.count...) }
        self.hasFailed = hasFailed
        return rows
    }

    /// Whether two arrays are one storage: then they hold the same messages (a shared buffer is never
    /// changed in place while this builder keeps a reference to it).
    private static func sharesStorage(_ a: [Message], _ b: [Message]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
    }
}
