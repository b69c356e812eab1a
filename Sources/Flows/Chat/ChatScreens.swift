import Foundation
import Models
import PersistentList

/// Builds the matches list and the conversation screens from their states: pure functions.
enum ChatScreens {
    // MARK: The matches list

    /// The matches tab's elements: the list of new matches and conversations, "Loading matches…"
    /// (with why it failed and "Try again") until the server's list arrived, a hint when the server
    /// said there is none, and a notice while messages wait to be sent.
    ///
    /// Before the list arrives, the rows are those the client knows (matches made, conversations with
    /// messages waiting); an empty list then means "not known yet", never "no matches".
    static func matchesList(_ state: ChatListState) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        if !state.newMatches.isEmpty || !state.conversations.isEmpty {
            elements.append(rows(of: state))
        } else if state.isLoaded {
            elements.append(.text("No matches yet. Like someone who likes you back!"))
        }
        if !state.isLoaded { elements += loading("Loading matches…", failure: state.loadFailure) }
        if state.outboxCount > 0 {
            elements.append(.notice("Waiting to send \(state.outboxCount) message(s)."))
        }
        return elements
    }

    /// The list of new matches, then conversations.
    private static func rows(of state: ChatListState) -> ScreenElement {
        let newMatches = state.newMatches.map { match in
            ScreenList.Item(
                id: match.id,
                row: .match(
                    MatchRow(
                        matchID: match.id, name: match.displayName, preview: nil, unreadCount: 0,
                        lastActivity: nil, isNew: true)),
                action: ActionID.Matches.open(match.id))
        }
        // Read in order, leaf by leaf: reading a million rows by index would search the list for each.
        var items = newMatches
        items.reserveCapacity(newMatches.count + state.conversations.count)
        for summary in state.conversations {
            items.append(
                ScreenList.Item(
                    id: summary.id, row: .match(row(of: summary)), action: ActionID.Matches.open(summary.id)))
        }
        return .list(
            ScreenList(id: "matches", items: items, changes: state.changes, revision: state.revision))
    }

    /// What shows while the list loads: `text`, and after a failed attempt, why and "Try again".
    private static func loading(_ text: String, failure: RequestFailure?) -> [ScreenElement] {
        guard let failure else { return [.text(text)] }
        return [
            .text(text), .error(Copy.banner(for: failure)),
            .action(ScreenAction(id: ActionID.Matches.reload, label: "Try again")),
        ]
    }

    /// A conversation's row: its name, a preview of its last message, its unread count and when it
    /// was last active.
    private static func row(of summary: ConversationSummary) -> MatchRow {
        MatchRow(
            matchID: summary.id, name: summary.match.displayName, preview: summary.lastMessage.map(preview),
            unreadCount: summary.unreadCount, lastActivity: summary.lastActivity, isNew: false)
    }

    /// The first 40 characters of a message on one line: line feeds shown as spaces.
    private static func preview(_ message: Message) -> String {
        let text = message.text.count > 40 ? "\(message.text.prefix(40))…" : message.text
        guard text.unicodeScalars.contains("\n") else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }

    // MARK: The conversation

    /// The conversation's screen for user `me`.
    static func conversation(_ state: ConversationState, me: UserID) -> Screen {
        conversation(state, rows: messageRows(of: state, me: me), me: me)
    }

    /// The conversation's screen for user `me`, with its message rows built already
    /// (``messageRows(of:me:)`` or ``messageRows(of:after:me:)``).
    static func conversation(
        _ state: ConversationState, rows: PersistentList<ScreenList.Item>, me: UserID
    ) -> Screen {
        let name = state.match.displayName
        // Messages that failed for now can be retried; those and the ones refused for good, deleted.
        let showsDelete = !state.isUnmatched && state.messages.failedCount + state.messages.refusedCount > 0
        let showsRetry = showsDelete && state.messages.failedCount > 0
        let hasNoMessages = state.messages.isEmpty
        var elements: [ScreenElement] = []
        if state.isUnmatched { elements.append(.notice("You are no longer matched with \(name).")) }
        if let failure = state.failure { elements.append(.error(Copy.banner(for: failure))) }
        if state.hasOlderMessages, !hasNoMessages || !state.isLoadingHistory {
            elements.append(
                .action(
                    ScreenAction(
                        id: ActionID.Chat.older, label: "Load older messages",
                        isEnabled: !state.isLoadingHistory))
            )
        }
        if hasNoMessages, !state.isLoadingHistory, !state.isUnmatched {
            elements.append(.text("You matched with \(name). Say hi!"))
        }
        elements.append(
            .list(ScreenList(id: "messages", items: rows, changes: state.changes, revision: state.revision)))
        if state.otherIsTyping { elements.append(.typing(Typing(name: name))) }
        if showsRetry {
            elements.append(
                .action(
                    ScreenAction(id: ActionID.Chat.retry, label: "Retry failed messages", style: .primary)))
        }
        if showsDelete {
            elements.append(.action(ScreenAction(id: ActionID.Chat.delete, label: "Delete unsent messages")))
        }
        if let problem = state.problem { elements.append(.error(message(for: problem))) }
        if !state.isUnmatched {
            elements += [
                .field(ScreenField(id: FieldID.Chat.message, label: "Message", value: state.draft)),
                .action(ScreenAction(id: ActionID.Chat.send, label: "Send", style: .primary)),
                .action(ScreenAction(id: ActionID.Chat.unmatch, label: "Unmatch", style: .destructive)),
                .action(ScreenAction(id: ActionID.Chat.block, label: "Block", style: .destructive)),
            ]
        }
        elements.append(.action(ScreenAction(id: .back, label: "Back")))
        return Screen(id: .chat, title: name, elements: elements)
    }

    /// The rows of a conversation's messages, in order.
    static func messageRows(of state: ConversationState, me: UserID) -> PersistentList<ScreenList.Item> {
        PersistentList(state.messages.lazy.map { row($0, me: me, name: state.match.displayName) })
    }

    /// The rows of a conversation's messages, from `rows`, the rows of the snapshot before `state`:
    /// `state`'s list changes are applied to them, and only the rows inserted or updated are built.
    ///
    /// The same rows as ``messageRows(of:me:)``, for as many messages as the changes touch rather than
    /// as many as the conversation holds; the rows are a ``PersistentList/PersistentList`` shared with
    /// the screen before, so each change costs O(log n). The first rows (a conversation's first page)
    /// are built at once, and so is every row when the changes do not lead from `rows` to `state`'s
    /// messages.
    static func messageRows(
        of state: ConversationState, after rows: PersistentList<ScreenList.Item>, me: UserID
    ) -> PersistentList<ScreenList.Item> {
        guard !rows.isEmpty else { return messageRows(of: state, me: me) }
        var rows = rows
        // The rows to build, by where they are once every change is applied.
        var toBuild: [Int] = []
        for change in state.changes {
            guard change.fits(rows.count) else { return messageRows(of: state, me: me) }
            toBuild = toBuild.compactMap(change.position)
            switch change {
            case .insert(let id, let index):
                // Usually the message is where it lands (one sent or received): its row is built now.
                if index < state.messages.count, state.messages[index].id == id {
                    rows.insert(row(state.messages[index], me: me, name: state.match.displayName), at: index)
                } else {
                    rows.insert(ScreenList.Item(id: id, title: "", detail: ""), at: index)
                    toBuild.append(index)
                }
            case .remove(_, let index):
                rows.remove(at: index)
            case .move(_, let from, let to):
                rows.insert(rows.remove(at: from), at: to)
            case .update(_, let index):
                toBuild.append(index)
            }
        }
        guard rows.count == state.messages.count else { return messageRows(of: state, me: me) }
        for index in toBuild {
            rows.replace(at: index, with: row(state.messages[index], me: me, name: state.match.displayName))
        }
        return rows
    }

    /// A message's row: who sent it and the text, whether it is an action or was edited, and for the
    /// user's own, how far it got.
    static func row(_ message: Message, me: UserID, name: String) -> ScreenList.Item {
        let isMine = message.sender == me
        let row = MessageRow(
            id: message.id, sender: message.sender.rawValue, senderName: isMine ? "You" : name,
            isMine: isMine, text: message.text, isAction: message.kind == .action, sentAt: message.sentAt,
            isEdited: message.editedAt != nil, delivery: isMine ? delivery(of: message) : nil)
        return ScreenList.Item(id: message.id, row: .message(row))
    }

    /// The screen shown while the matches list loads (a conversation opened by a link, or restored, at
    /// launch, with no message waiting for it): "Loading…", why the last attempt failed with "Try
    /// again", and "Back".
    static func loading(failure: RequestFailure?) -> Screen {
        Screen(
            id: .chat, title: "Chat",
            elements: loading("Loading…", failure: failure) + [
                .action(ScreenAction(id: .back, label: "Back"))
            ])
    }

    /// The screen of a conversation that is not one of the user's.
    static let unavailable = Screen(
        id: .chat, title: "Chat",
        elements: [
            .notice("This conversation isn't available."),
            .action(ScreenAction(id: .back, label: "Back")),
        ])

    /// The alert that asks before unmatching (or blocking) `name`.
    static func confirmation(block: Bool, name: String) -> ScreenAlert {
        ScreenAlert(
            title: block ? "Block \(name)?" : "Unmatch \(name)?",
            message: block
                ? "You won't see each other again, and this conversation ends."
                : "This conversation ends for both of you.",
            actions: [
                ScreenAction(id: ActionID.Chat.cancel, label: "Cancel"),
                ScreenAction(
                    id: ActionID.Chat.confirm, label: block ? "Block" : "Unmatch", style: .destructive),
            ])
    }

    /// What a problem with the message typed says.
    static func message(for problem: MessageProblem) -> String {
        switch problem {
        case .empty: "Write something first."
        case .tooLong(let maximum): "Messages can be at most \(maximum.formatted()) characters."
        case .unmatched: "You can't send messages to this match any more."
        }
    }

    /// How far the user's message got (a refusal with its reason).
    private static func delivery(of message: Message) -> MessageRow.Delivery {
        switch message.status {
        case .sending: .sending
        case .failed: .failed(reason: message.failureReason, canRetry: true)
        case .refused: .failed(reason: message.failureReason, canRetry: false)
        case .sent: .sent
        case .delivered: .delivered
        case .read: .read
        }
    }
}
