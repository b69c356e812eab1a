import Contexts
import Models

/// Scripts one conversation (`discover://chat/<match>`, a row of the matches list, or "Send a message").
///
/// 1. Push the conversation: the newest messages, "Load older messages" while there are more.
/// 2. Typing in "Message" tells the other person (debounced); "Send" shows the message at once as
///    sending, then sent, delivered, read — or not sent, with "Retry failed messages".
/// 3. Empty or over-long messages are refused with a message; incoming ones appear live and are read
///    while the conversation is open.
/// 4. "Unmatch" or "Block" asks first, then ends the match for both; the conversation says so.
/// 5. "Back" pops it and hands back to the ``MainFlow``.
@MainActor
public final class ChatFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "ChatFlow", screens: [.chat],
        transitions: [.init(.chat, .home, on: "Back"), .init(.home, .chat, on: "a match's row")])

    // Main-actor isolated and only read or replaced (no access spans a call): no run-time exclusivity
    // check on every intent.
    /// The context this flow scripts; `nil` while the list loads, or when the conversation is not one
    /// of the user's.
    @exclusivity(unchecked) public private(set) var context: ConversationContext?
    private let conversation: String
    private let chat: ChatContext
    private let environment: FlowEnvironment
    private let me: UserID
    private let onClosed: @MainActor () -> Void
    private var observations: [ObservationToken] = []
    /// Builds the conversation's screens and shows them.
    private let renderer: Renderer

    /// Creates the flow for a conversation; `onClosed` runs when the user goes back.
    public init(
        environment: FlowEnvironment, conversation: String, chat: ChatContext,
        onClosed: @escaping @MainActor () -> Void
    ) {
        self.environment = environment
        self.conversation = conversation
        self.me = chat.me
        self.renderer = Renderer(content: ConversationContent(me: chat.me), presenter: environment.presenter)
        self.chat = chat
        self.onClosed = onClosed
        super.init(name: "ChatFlow")
    }

    /// The conversation's state in brief.
    public override var stateSummary: String? {
        guard let state = context?.snapshot else { return "no conversation \(conversation)" }
        return "ConversationContext: \(conversation) messages=\(state.messages.count)"
            + (state.isUnmatched ? " unmatched" : "")
    }

    /// Pushes the conversation and opens it; while the list is still loading (a deep link at launch)
    /// it shows "Loading…" first.
    public func start() {
        if chat.snapshot.isLoaded || chat.match(of: conversation) != nil {
            show(.push)
            return
        }
        environment.show(Screen(id: .chat, title: "Chat", elements: [.text("Loading…")]), .push) {
            [weak self] intent in
            if intent == .tap(ActionID.back) { self?.close() }
        }
        observations = [
            chat.observe { [weak self] state in
                guard let self, state.isLoaded || self.chat.match(of: self.conversation) != nil else {
                    return
                }
                self.observations = []
                self.show(.replaceTop)
            }
        ]
    }

    private func show(_ placement: FlowEnvironment.Placement) {
        guard
            let context = ConversationContext(
                conversation: conversation, chat: chat, scheduler: environment.services.scheduler)
        else {
            environment.show(ChatScreens.unavailable(conversation), placement) { [weak self] intent in
                if intent == .tap(ActionID.back) { self?.close() }
            }
            return
        }
        self.context = context
        let weakSelf = WeakFlow(self)
        let screen = renderer.screen(for: context.snapshot)
        // Editing the draft and sending, nearly every intent, need only the context: the screen's
        // closure holds it and calls it directly, without loading the flow (held weakly) or taking a
        // reference to the context out of the flow for the call. The closure keeps the context alive as
        // long as a presenter keeps the screen; once the conversation is closed (Back, another route,
        // logout) the context ignores edits and sends. The render observation the flow holds goes
        // with the flow.
        environment.show(screen, placement) { [context] intent in
            switch intent {
            case .edit(ChatScreens.messageField, let text): context.draftChanged(text)
            case .tap(ChatScreens.send): context.send()
            default: weakSelf.flow?.intent(intent)
            }
        }
        // The render closure holds the renderer, not the flow: a render loads no weak reference. The
        // flow holds the observation, so nothing renders once the flow is gone. Its first render, of
        // the state just shown, shows the screen built for it again rather than building it twice.
        let renderer = renderer
        renderer.hold(screen)
        observations = watch(context, render: { state in renderer.render(state) })
        context.open()
    }

    private func intent(_ intent: Intent) {
        guard let context else { return }
        switch intent {
        case .edit(ChatScreens.messageField, let text): context.draftChanged(text)
        case .tap(ChatScreens.send): context.send()
        case .tap(ChatScreens.older): context.loadOlder()
        case .tap(ChatScreens.retry): context.retryFailed()
        case .tap(ChatScreens.unmatch), .tap(ChatScreens.block):
            let block = intent == .tap(ChatScreens.block)
            environment.presenter.showAlert(
                ChatScreens.confirmation(block: block, name: context.snapshot.match.displayName)
            ) {
                [weak self] answer in
                guard answer == .tap(ChatScreens.confirm), let self else { return }
                self.context?.unmatch(block: block)
            }
        case .tap(ActionID.back): close()
        default: break
        }
    }

    private func close() {
        context?.close()
        observations = []
        environment.presenter.pop()
        onClosed()
    }

    /// The conversation's screen builder with the presenter that shows its screens, for the render
    /// closure to hold strongly: it holds neither the flow nor the context, so it makes no cycle.
    @MainActor
    private final class Renderer {
        // Main-actor isolated, and building a screen calls out to nothing: no run-time exclusivity
        // check.
        @exclusivity(unchecked) private var content: ConversationContent
        /// The screen the next render shows, when ``hold(_:)`` gave one.
        @exclusivity(unchecked) private var held: Screen?
        private let presenter: any Presenter

        init(content: ConversationContent, presenter: any Presenter) {
            self.content = content
            self.presenter = presenter
        }

        /// The screen showing `state`.
        func screen(for state: ConversationState) -> Screen { content.screen(for: state) }

        /// Shows `state` in place of the screen shown; the next render shows the screen held instead,
        /// if one is (``hold(_:)``).
        func render(_ state: ConversationState) {
            if let screen = held.take() {
                presenter.update(screen)
                return
            }
            presenter.update(content.screen(for: state))
        }

        /// Has the next ``render(_:)`` show `screen`, built for the state it is told: the screen just
        /// shown, which the observer's first call, with the same state, would build again.
        func hold(_ screen: Screen) { held = screen }
    }
}
