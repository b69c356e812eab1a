import Models

/// Builds a conversation's screen, keeping the message rows it built for the next render.
///
/// A conversation is rendered on every keystroke, message and receipt, and most of its rows are the
/// same each time: the row at a position is reused when the message there shows the same (id,
/// sender, text, status) and the other person's name did not change, and keeps its title when only
/// the id or status changed (a message confirmed: ``ChatScreens/update(_:showing:me:)``). Rows are
/// matched by position, so the usual changes (a message appended, one confirmed or read) reuse every
/// other row, while older messages loaded above rebuild the rows below them. When the state holds
/// the very messages rendered last (the same array storage: an edit of the draft, typing, a history
/// request), the rows are reused whole without looking at a message; otherwise the kept array is
/// edited in place (no new array once the last screen is gone). The result is the same as building
/// every row afresh with ``ChatScreens/row(_:me:name:)`` (`ConversationContentTests`).
///
/// The screen's elements are kept too: when what shows besides the rows, the list's changes and the
/// draft is as last time (the ``Layout``), only the list and the field are replaced where they are, and
/// only when they changed (an edit of the draft replaces the field alone). Otherwise the screen is
/// built by ``ChatScreens/conversation(_:rows:showsRetry:)``, and the same screen results either way.
struct ConversationContent {
    /// What the conversation screen shows besides its rows, its list's changes and revision, and the
    /// draft: which elements there are, in which order, and their texts.
    private struct Layout: Equatable {
        var name: String
        var isUnmatched: Bool
        var failure: RequestFailure?
        var hasOlderMessages: Bool
        var isLoadingHistory: Bool
        var hasNoMessages: Bool
        var otherIsTyping: Bool
        var showsRetry: Bool
        var problem: MessageProblem?

        /// Whether `state` (whose messages are `hasNoMessages`, with a message not sent when
        /// `showsRetry`) shows this layout: the layout built from it would be equal to this one.
        ///
        /// Compared field by field in place, the cheapest first: building the layout to compare it
        /// counted a reference to each text and optional it holds, and let them go again.
        func isShown(by state: ConversationState, name: String, hasNoMessages: Bool, showsRetry: Bool)
            -> Bool
        {
            self.hasNoMessages == hasNoMessages && self.showsRetry == showsRetry
                && otherIsTyping == state.otherIsTyping && isLoadingHistory == state.isLoadingHistory
                && hasOlderMessages == state.hasOlderMessages && isUnmatched == state.isUnmatched
                && problem == state.problem && failure == state.failure && self.name == name
        }
    }

    private let me: UserID
    private var name = ""
    private var messages: [Message] = []
    private var rows: [ScreenList.Item] = []
    /// Whether `messages` holds a message of the user's that was not sent (the retry action shows).
    private var hasFailed = false
    /// The last screen's layout (meaningless before the first: see `hasScreen`).
    private var layout = Layout(
        name: "", isUnmatched: false, failure: nil, hasOlderMessages: false, isLoadingHistory: false,
        hasNoMessages: false, otherIsTyping: false, showsRetry: false, problem: nil)
    /// Whether a screen was built (and `layout`, `elements` and the indexes are its).
    private var hasScreen = false
    /// The last screen's elements.
    private var elements: [ScreenElement] = []
    /// Where the message list is in `elements`.
    private var listIndex = 0
    /// Where the message field is in `elements`; `nil` when there is none (unmatched).
    private var fieldIndex: Int?
    /// The changes, revision and draft the last screen shows.
    private var shownChanges: [ListChange] = []
    private var shownRevision = 0
    private var shownDraft = ""

    /// How many rows beyond the messages shown the kept rows make room for when they grow.
    private static var spareRows: Int { 16 }

    /// A builder for the conversation screens of user `me`.
    init(me: UserID) { self.me = me }

    /// The screen showing `state`.
    mutating func screen(for state: ConversationState) -> Screen {
        let name = state.matchName
        // Read once: each read of a state's field is a call and a retain.
        let current = state.messages
        let rowsKept = name == self.name && Self.sharesStorage(current, messages)
        // The kept list lets go of the rows before they change, so that they are changed in place.
        if !rowsKept, hasScreen { elements[listIndex] = .text("") }
        // The rows are read from where they are kept only where a screen or list is built: an edit
        // of the draft (the rows and list kept) reads them not at all.
        if !rowsKept { updateRows(for: current, name: name) }
        let changes = state.changes
        let revision = state.revision
        let draft = state.draft
        // Not an optional layout: comparing optionals copied both out first. The layout is built
        // only when it changed.
        if !hasScreen
            || !layout.isShown(by: state, name: name, hasNoMessages: current.isEmpty, showsRetry: hasFailed)
        {
            let screen = ChatScreens.conversation(state, rows: rows, showsRetry: hasFailed)
            remember(screen.elements)
            layout = Layout(
                name: name, isUnmatched: state.isUnmatched, failure: state.failure,
                hasOlderMessages: state.hasOlderMessages, isLoadingHistory: state.isLoadingHistory,
                hasNoMessages: current.isEmpty, otherIsTyping: state.otherIsTyping,
                showsRetry: hasFailed, problem: state.problem)
            hasScreen = true
        } else {
            if !rowsKept || revision != shownRevision || changes != shownChanges {
                elements[listIndex] = ChatScreens.messagesList(rows, changes: changes, revision: revision)
            }
            if let fieldIndex, draft != shownDraft { elements[fieldIndex] = ChatScreens.draftField(draft) }
        }
        shownChanges = changes
        shownRevision = revision
        shownDraft = draft
        return Screen(id: .chat, title: name, elements: elements)
    }

    /// Keeps a screen's elements and where its list and field are.
    private mutating func remember(_ elements: [ScreenElement]) {
        self.elements = elements
        fieldIndex = nil
        for index in elements.indices {
            switch elements[index] {
            case .list: listIndex = index
            case .field: fieldIndex = index
            default: break
            }
        }
    }

    /// Changes the kept rows to those of `current` (a state's messages; the kept ones are not those
    /// messages).
    private mutating func updateRows(for current: [Message], name: String) {
        if name != self.name {
            self.name = name
            messages = []
            rows = []
        }
        // The kept rows are changed in place: once the last screen is gone, nothing else holds them.
        let previous = messages
        messages = current
        // Room for a few more rows at once: a conversation grows a row per message sent or received,
        // and growing the kept rows one append at a time reallocated them every time they doubled.
        if rows.capacity < current.count {
            rows.reserveCapacity(Swift.max(current.count + Self.spareRows, 2 * rows.capacity))
        }
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
                    // Only what a row shows is compared: its id, sender, text and status; texts kept in
                    // one storage are the same without a look. A row whose sender and text stay keeps
                    // its title (the name is the same: another name rebuilds every row).
                    if previous[index].sharesTexts(with: current[index]) {
                        if previous[index].status != current[index].status {
                            ChatScreens.update(&rows[index], showing: current[index], me: me)
                        }
                    } else if previous[index].sender != current[index].sender
                        || previous[index].text != current[index].text
                    {
                        rows[index] = ChatScreens.row(current[index], me: me, name: name)
                    } else if previous[index].status != current[index].status
                        || previous[index].id != current[index].id
                    {
                        // The same sender and text (a message confirmed): the title shown stays.
                        ChatScreens.update(&rows[index], showing: current[index], me: me)
                    }
                }
            }
        }
        if rows.count > current.count { rows.removeSubrange(current.count...) }
        self.hasFailed = hasFailed
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
