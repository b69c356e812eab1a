import Models
import PersistentList

extension ConversationScreen: ProjectedScreen {
    /// "Loading…" (with why it failed, "Try again"), "This conversation isn't available", or the
    /// conversation; "Back" on each.
    public var generic: Screen {
        let back = ScreenElement.action(ScreenAction(id: .back, label: "Back"))
        switch content {
        case .loading(let failure):
            var elements: [ScreenElement] = [.text("Loading…")]
            if let failure {
                elements += [
                    .error(Copy.banner(for: failure)),
                    .action(ScreenAction(id: ActionID.Matches.reload, label: "Try again")),
                ]
            }
            return Screen(id: .chat, title: "Chat", elements: elements + [back])
        case .unavailable:
            return Screen(
                id: .chat, title: "Chat", elements: [.notice("This conversation isn't available."), back])
        case .conversation(let conversation):
            return Screen(id: .chat, title: conversation.name, elements: conversation.generic + [back])
        }
    }

    /// The id of each action.
    public static func intent(for action: Action) -> Intent {
        switch action {
        case .backTapped: .tap(.back)
        case .reloadTapped: .tap(ActionID.Matches.reload)
        case .draftChanged(let text): .edit(FieldID.Chat.message, text)
        case .sendTapped: .tap(ActionID.Chat.send)
        case .loadOlderTapped: .tap(ActionID.Chat.older)
        case .retryFailedTapped: .tap(ActionID.Chat.retry)
        case .deleteUnsentTapped: .tap(ActionID.Chat.delete)
        case .unmatchTapped: .tap(ActionID.Chat.unmatch)
        case .blockTapped: .tap(ActionID.Chat.block)
        }
    }

    /// The action of each id.
    public static func action(for intent: Intent) -> Action? {
        switch intent {
        case .tap(ActionID.back): .backTapped
        case .tap(ActionID.Matches.reload): .reloadTapped
        case .edit(FieldID.Chat.message, let text): .draftChanged(text)
        case .tap(ActionID.Chat.send): .sendTapped
        case .tap(ActionID.Chat.older): .loadOlderTapped
        case .tap(ActionID.Chat.retry): .retryFailedTapped
        case .tap(ActionID.Chat.delete): .deleteUnsentTapped
        case .tap(ActionID.Chat.unmatch): .unmatchTapped
        case .tap(ActionID.Chat.block): .blockTapped
        case .tap, .edit: nil
        }
    }
}

extension ConversationScreen.Conversation {
    /// The notice that the match ended, the failure, "Load older messages", the hint to say hi, the
    /// messages, who is typing, retry and delete, the problem with the draft, and the composer.
    var generic: [ScreenElement] {
        var elements: [ScreenElement] = []
        if isEnded { elements.append(.notice("You are no longer matched with \(name).")) }
        if let failure { elements.append(.error(Copy.banner(for: failure))) }
        if hasOlderMessages {
            elements.append(
                .action(
                    ScreenAction(
                        id: ActionID.Chat.older, label: "Load older messages", isEnabled: !isLoadingHistory)))
        }
        if messages.isEmpty, !isLoadingHistory, !isEnded {
            elements.append(.text("You matched with \(name). Say hi!"))
        }
        let items = messages.lazy.map { ScreenList.Item(id: $0.id, row: .message($0)) }
        elements.append(
            .list(
                ScreenList(
                    id: "messages", items: PersistentList(items), changes: messages.changes,
                    revision: messages.revision)))
        if otherIsTyping { elements.append(.typing(Typing(name: name))) }
        if canRetryFailed {
            elements.append(
                .action(
                    ScreenAction(id: ActionID.Chat.retry, label: "Retry failed messages", style: .primary)))
        }
        if canDeleteUnsent {
            elements.append(.action(ScreenAction(id: ActionID.Chat.delete, label: "Delete unsent messages")))
        }
        if let problem { elements.append(.error(Self.message(for: problem))) }
        if !isEnded {
            elements += [
                .field(ScreenField(id: FieldID.Chat.message, label: "Message", value: draft)),
                .action(ScreenAction(id: ActionID.Chat.send, label: "Send", style: .primary)),
                .action(ScreenAction(id: ActionID.Chat.unmatch, label: "Unmatch", style: .destructive)),
                .action(ScreenAction(id: ActionID.Chat.block, label: "Block", style: .destructive)),
            ]
        }
        return elements
    }

    /// What a problem with the message typed says.
    static func message(for problem: MessageProblem) -> String {
        switch problem {
        case .empty: "Write something first."
        case .tooLong(let maximum): "Messages can be at most \(maximum.formatted()) characters."
        case .unmatched: "You can't send messages to this match any more."
        }
    }
}
