import Contexts
import Models

/// Scripts one conversation (`discover://chat/<match>`, a row of the matches list, or "Send a message").
///
/// 1. Push the conversation: at once when the chat knows it (from the matches list, a match just
///    made, or a message waiting in the outbox); "Loading…" while the matches list loads (a link or
///    the place restored at launch), with why it failed, "Try again" and "Back" when offline; or
///    "This conversation isn't available" when it is not one of the user's.
/// 2. Show the newest messages, "Load older messages" while there are more; they update live.
/// 3. Typing in "Message" tells the other person (debounced); "Send" shows the message at once as
///    sending, then sent, delivered, read — or not sent, with "Retry failed messages". Empty or
///    over-long messages are refused with a message.
/// 4. "Unmatch" or "Block" asks first, then ends the match for both; the conversation says so.
/// 5. "Back" closes the conversation, pops it and hands back to the ``MainFlow`` (`onClosed`).
@MainActor
public final class ChatFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "ChatFlow", screens: [.chat],
        transitions: [.init(.chat, .home, on: "Back"), .init(.home, .chat, on: "a match's row")])

    /// Where the flow is.
    private enum Place {
        /// Not started.
        case idle
        /// "Loading…" while the matches list loads, with why its last attempt failed.
        case loading(failure: RequestFailure?)
        /// The conversation is not one of the user's.
        case unavailable
        /// The conversation's screen, over its context.
        case conversation(ConversationContext)
    }

    private let environment: FlowEnvironment
    private let conversation: String
    private let chat: ChatContext
    private let onClosed: @MainActor () -> Void
    private var place = Place.idle
    private var observations: [ObservationToken] = []

    /// Creates the flow for a conversation; `onClosed` runs when the user goes back.
    public init(
        environment: FlowEnvironment, conversation: String, chat: ChatContext,
        onClosed: @escaping @MainActor () -> Void
    ) {
        self.environment = environment
        self.conversation = conversation
        self.chat = chat
        self.onClosed = onClosed
        super.init(name: "ChatFlow")
    }

    /// The context this flow scripts; `nil` while the list loads, or when the conversation is not one
    /// of the user's.
    public var context: ConversationContext? {
        guard case .conversation(let context) = place else { return nil }
        return context
    }

    /// The conversation's state in brief.
    public override var stateSummary: String? {
        guard let state = context?.snapshot else { return "no conversation \(conversation)" }
        return "ConversationContext: \(conversation) messages=\(state.messages.count)"
            + (state.isUnmatched ? " unmatched" : "")
    }

    /// Step 1: pushes the conversation, or "Loading…" until the matches list has loaded (or the
    /// conversation is known).
    public override func start() {
        guard !chat.snapshot.isLoaded, chat.match(of: conversation) == nil else { return show(.push) }
        place = .loading(failure: chat.snapshot.loadFailure)
        environment.show(ChatScreens.loading(failure: chat.snapshot.loadFailure), .push, by: self) {
            [weak self] in
            self?.handle($0)
        }
        observations = [chat.observe { [weak self] state in self?.listChanged(state) }]
    }

    /// Step 1: the matches list changed while "Loading…" shows: the conversation once it is known or
    /// the list loaded, else "Loading…" again if why it failed changed.
    private func listChanged(_ state: ChatState) {
        guard case .loading(let shownFailure) = place else { return }
        if state.isLoaded || chat.match(of: conversation) != nil {
            observations = []
            return show(.replaceTop)
        }
        guard state.loadFailure != shownFailure else { return }
        place = .loading(failure: state.loadFailure)
        environment.update(ChatScreens.loading(failure: state.loadFailure))
    }

    /// Steps 1–2: shows the conversation (or that it isn't available), rendered on every change.
    private func show(_ placement: FlowEnvironment.Placement) {
        guard let context = ConversationContext(conversation: conversation, chat: chat) else {
            place = .unavailable
            environment.show(ChatScreens.unavailable, placement, by: self) { [weak self] in self?.handle($0) }
            return
        }
        place = .conversation(own(context))
        environment.show(ChatScreens.conversation(context.snapshot, me: chat.me), placement, by: self) {
            [weak self] action in self?.handle(action)
        }
        observations = watch(context) { [weak self] state in self?.render(state) }
        context.open()
    }

    /// Step 2: renders the conversation again.
    private func render(_ state: ConversationState) {
        environment.update(ChatScreens.conversation(state, me: chat.me))
    }

    /// Steps 2–5: what the user does on the screen.
    private func handle(_ action: ConversationScreen.Action) {
        switch action {
        case .backTapped: close()
        case .reloadTapped: chat.reloadList()
        case .draftChanged(let text): context?.draftChanged(text)
        case .sendTapped: context?.send()
        case .loadOlderTapped: context?.loadOlder()
        case .retryFailedTapped: context?.retryFailed()
        case .deleteUnsentTapped: context?.deleteFailed()
        case .unmatchTapped: if let context { confirmUnmatch(block: false, in: context) }
        case .blockTapped: if let context { confirmUnmatch(block: true, in: context) }
        }
    }

    /// Step 4: asks before unmatching (or blocking), and ends the match when confirmed.
    private func confirmUnmatch(block: Bool, in context: ConversationContext) {
        let alert = ChatScreens.confirmation(block: block, name: context.snapshot.match.displayName)
        environment.alert(alert) { [weak context] action in
            switch action {
            case .confirmTapped: context?.unmatch(block: block)
            case .cancelTapped: break
            }
        }
    }

    /// Step 5: closes the conversation, pops it and hands back.
    private func close() {
        context?.close()
        observations = []
        environment.pop(by: self)
        onClosed()
    }
}
