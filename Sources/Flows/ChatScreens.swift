import Foundation
import Models

/// Builds the matches list rows and the conversation screen from their states.
enum ChatScreens {
    static let send: ActionID = "chat:send"
    static let older: ActionID = "chat:older"
    static let retry: ActionID = "chat:retry"
    static let unmatch: ActionID = "chat:unmatch"
    static let block: ActionID = "chat:block"
    static let cancel: ActionID = "cancel"
    static let confirm: ActionID = "confirm"
    static let messageField: FieldID = "message"
    static let openPrefix = "open:"

    /// How many elements ``appendMatchesList(_:to:)`` appends at most.
    static let matchesListCount = 2

    /// Appends the matches list's elements (the list, and a notice while messages wait) to
    /// `elements`: written straight into home's elements, where a list of its own was copied there.
    static func appendMatchesList(_ state: ChatListState, to elements: inout [ScreenElement]) {
        let newMatches = state.newMatches
        let conversations = state.conversations
        guard !newMatches.isEmpty || !conversations.isEmpty else {
            elements.append(noMatches)
            return
        }
        // One array made at its final size: appending a second mapped array made one more.
        var items: [ScreenList.Item] = []
        items.reserveCapacity(newMatches.count + conversations.count)
        for match in newMatches {
            items.append(
                ScreenList.Item(
                    id: match.id, title: match.displayName, detail: "New match — say hi",
                    action: ActionID(openPrefix + match.id)))
        }
        for summary in conversations {
            var detail = summary.lastMessage.map(preview) ?? ""
            if summary.unreadCount > 0 { detail += " · \(summary.unreadCount) unread" }
            items.append(
                ScreenList.Item(
                    id: summary.id, title: summary.matchName, detail: detail,
                    action: ActionID(openPrefix + summary.id)))
        }
        elements.append(
            .list(ScreenList(id: "matches", items: items, changes: state.changes, revision: state.revision)))
        if state.outboxCount > 0 {
            elements.append(.notice("Waiting to send \(state.outboxCount) message(s)."))
        }
    }

    private static let noMatches = ScreenElement.text("No matches yet. Like someone who likes you back!")

    static func conversationID(for action: ActionID) -> String? {
        action.rawValue.hasPrefix(openPrefix) ? String(action.rawValue.dropFirst(openPrefix.count)) : nil
    }

    /// A message's row: who sent it and the text, and for the user's own, its status.
    ///
    /// The title is written straight into one new string (``DirectText``): interpolating the name
    /// and appending the text went through the standard library's appending code for every row built.
    static func row(_ message: Message, me: UserID, name: String) -> ScreenList.Item {
        if message.sender == me {
            return ScreenList.Item(
                id: message.id, title: DirectText.joined("You: ", message.text),
                detail: status(message.status))
        }
        return ScreenList.Item(id: message.id, title: DirectText.joined(name, ": ", message.text), detail: "")
    }

    /// Changes `row`, which shows a message with the sender and text of `message` (under the same
    /// name), to show `message`: its id and status, keeping the title.
    ///
    /// The same row as ``row(_:me:name:)`` of `message` without building the title again.
    static func update(_ row: inout ScreenList.Item, showing message: Message, me: UserID) {
        row.id = message.id
        row.detail = message.sender == me ? status(message.status) : ""
    }

    private static let olderEnabled = ScreenElement.action(
        ScreenAction(id: older, label: "Load older messages", isEnabled: true))
    private static let olderDisabled = ScreenElement.action(
        ScreenAction(id: older, label: "Load older messages", isEnabled: false))
    private static let retryAction = ScreenElement.action(
        ScreenAction(id: retry, label: "Retry failed messages", style: .primary))
    private static let sendAction = ScreenElement.action(
        ScreenAction(id: send, label: "Send", style: .primary))
    private static let unmatchAction = ScreenElement.action(
        ScreenAction(id: unmatch, label: "Unmatch", style: .destructive))
    private static let blockAction = ScreenElement.action(
        ScreenAction(id: block, label: "Block", style: .destructive))
    private static let backAction = ScreenElement.action(ScreenAction(id: .back, label: "Back"))

    /// The conversation's screen with its message rows built already (``ConversationContent``);
    /// `showsRetry` when a message of the user's was not sent.
    ///
    /// The actions that never change are built once; the elements go into one array sized for them all.
    static func conversation(_ state: ConversationState, rows items: [ScreenList.Item], showsRetry: Bool)
        -> Screen
    {
        // Each field read once: the state keeps its fields in shared storage, read through accessors.
        let name = state.matchName
        let isUnmatched = state.isUnmatched
        let isLoadingHistory = state.isLoadingHistory
        let hasNoMessages = state.messages.isEmpty
        var elements: [ScreenElement] = []
        elements.reserveCapacity(13)
        if isUnmatched { elements.append(.notice("You are no longer matched with \(name).")) }
        if let failure = state.failure { elements.append(.error(Copy.banner(for: failure))) }
        if state.hasOlderMessages, !hasNoMessages || isLoadingHistory == false {
            elements.append(isLoadingHistory ? olderDisabled : olderEnabled)
        }
        if hasNoMessages, !isLoadingHistory { elements.append(.text("You matched with \(name). Say hi!")) }
        elements.append(messagesList(items, changes: state.changes, revision: state.revision))
        if state.otherIsTyping { elements.append(.text("\(name) is typing…")) }
        if showsRetry { elements.append(retryAction) }
        if let problem = state.problem { elements.append(.error(message(for: problem))) }
        if !isUnmatched {
            elements.append(draftField(state.draft))
            elements.append(sendAction)
            elements.append(unmatchAction)
            elements.append(blockAction)
        }
        elements.append(backAction)
        return Screen(id: .chat, title: name, elements: elements)
    }

    /// The conversation screen's list of message rows.
    static func messagesList(_ items: [ScreenList.Item], changes: [ListChange], revision: Int)
        -> ScreenElement
    {
        .list(ScreenList(id: "messages", items: items, changes: changes, revision: revision))
    }

    /// The conversation screen's message field, showing the draft.
    ///
    /// The empty field (after every message sent) is built once: a field is stored indirectly, so
    /// each one built is an allocation.
    static func draftField(_ draft: String) -> ScreenElement {
        if draft.isEmpty { return emptyDraftField }
        return .field(ScreenField(id: messageField, label: "Message", value: draft))
    }

    private static let emptyDraftField = ScreenElement.field(
        ScreenField(id: messageField, label: "Message", value: ""))

    static func unavailable(_ conversation: String) -> Screen {
        Screen(
            id: .chat, title: "Chat",
            elements: [
                .notice("This conversation isn't available."),
                .action(ScreenAction(id: .back, label: "Back")),
            ])
    }

    static func confirmation(block: Bool, name: String) -> ScreenAlert {
        ScreenAlert(
            title: block ? "Block \(name)?" : "Unmatch \(name)?",
            message: block
                ? "You won't see each other again, and this conversation ends."
                : "This conversation ends for both of you.",
            actions: [
                ScreenAction(id: cancel, label: "Cancel"),
                ScreenAction(id: confirm, label: block ? "Block" : "Unmatch", style: .destructive),
            ])
    }

    static func message(for problem: MessageProblem) -> String {
        switch problem {
        case .empty: "Write something first."
        case .tooLong(let maximum): "Messages can be at most \(maximum.formatted()) characters."
        case .unmatched: "You can't send messages to this match any more."
        }
    }

    private static func status(_ status: Message.Status) -> String {
        switch status {
        case .sending: "sending"
        case .failed: "not sent"
        case .sent: "sent"
        case .delivered: "delivered"
        case .read: "read"
        }
    }

    /// The first 40 characters of a message on one line: line feeds shown as spaces.
    ///
    /// Most texts have no line feed; they are returned as they are rather than searched again by
    /// Foundation (≈ 28 k instructions a call on Linux).
    private static func preview(_ message: Message) -> String {
        let text = message.text.count > 40 ? String(message.text.prefix(40)) + "…" : message.text
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return text }
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}
