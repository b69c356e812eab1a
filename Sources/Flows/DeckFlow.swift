import Contexts
import Models

/// Scripts the recommendations use case: the swipe deck inside the home screen's Deck tab.
///
/// 1. The deck loads (and sends any swipes queued from before) as soon as the user is signed in.
/// 2. The top card shows name, age, distance, bio and shared interests, with a peek at the next.
/// 3. Like, pass or super like the top card; rewind brings back the last pass; "Open profile" pushes
///    the full profile and "Back" returns to the same card.
/// 4. At the daily like limit, the out-of-likes modal counts down to the reset; super likes show a notice.
/// 5. A like on someone who liked the user presents "It's a match!" and broadcasts ``MatchMade``:
///    "Send a message" opens the conversation, "Keep swiping" closes the modal.
/// 6. An empty deck explains itself and offers "Widen preferences" (``PreferencesFlow``); saving
///    reloads the deck.
/// 7. A page that fails shows "Retry"; a refused session raises ``SessionError`` to the ``SessionFlow``.
@MainActor
public final class DeckFlow: FlowNode {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "DeckFlow", screens: [.match, .outOfLikes],
        transitions: [
            .init(.home, .match, on: "mutual like"), .init(.match, .chat, on: "Send a message"),
            .init(.match, .home, on: "Keep swiping"), .init(.home, .outOfLikes, on: "like at the limit"),
            .init(.outOfLikes, .home, on: "OK or reset"), .init(.home, .profile, on: "Open profile"),
            .init(.home, .preferences, on: "Widen preferences"),
        ],
        children: ["PreferencesFlow"])

    /// The context this flow scripts.
    public let context: DeckContext
    /// Called when the deck's part of the home screen changed (not when the deck changed in a way
    /// it does not show).
    ///
    /// Kept by the flow's renderer, which calls it.
    public var onContentChanged: (@MainActor () -> Void)? {
        get { renderer.onContentChanged }
        set { renderer.onContentChanged = newValue }
    }
    /// Called when the user wants to message a new match.
    @exclusivity(unchecked) public var onOpenChat: (@MainActor (Match) -> Void)?

    private let environment: FlowEnvironment
    private let makePreferences: @MainActor (SearchPreferences) -> PreferencesContext
    private var observations: ContextWatch?
    /// This flow, held weakly, with what a render needs (``DeckRenderer``): the render closure holds
    /// it strongly and renders without loading the flow. Made once and shared with the modals'
    /// closures (a `[weak self]` closure allocates a box of its own).
    private let renderer: DeckRenderer
    // The flow's bookkeeping is main-actor isolated and never accessed across a call that could come
    // back to it (each access reads or writes in place; calls out happen after it ends), so the run-time
    // exclusivity checks — about 2 % of a journey, with the deck context's — are left out (Decision 22).
    @exclusivity(unchecked) private var modal: ScreenID?
    @exclusivity(unchecked) private var contentBuilder = DeckContent()

    /// Whether the deck is on screen (the home screen's Deck tab); set by the parent flow. A card counts
    /// as shown (``AnalyticsEvent/cardShown(_:)``) only while it is.
    public var isVisible: Bool {
        get { renderer.isVisible }
        set {
            renderer.isVisible = newValue
            renderer.announceTop(context.snapshot)
        }
    }

    /// Creates the flow; `makePreferences` makes the preferences editor's context.
    public init(
        environment: FlowEnvironment, context: DeckContext,
        makePreferences: @escaping @MainActor (SearchPreferences) -> PreferencesContext
    ) {
        self.environment = environment
        self.context = context
        self.makePreferences = makePreferences
        self.renderer = DeckRenderer(environment: environment)
        super.init(name: "DeckFlow")
        renderer.flow = self
    }

    /// The deck's state in brief.
    public override var stateSummary: String? {
        let state = context.snapshot
        var parts = ["cards=\(state.cards.count)"]
        if let top = state.top { parts.append("top=\(top.id)") }
        if state.isLoading { parts.append("loading") }
        if state.isExhausted { parts.append("exhausted") }
        if state.queuedSwipes > 0 { parts.append("queued=\(state.queuedSwipes)") }
        return "DeckContext: " + parts.joined(separator: " ")
    }

    /// The deck's part of the home screen.
    public var content: [ScreenElement] { contentBuilder.elements(for: context.snapshot) }

    /// At most how many elements the deck's part of home has.
    static var maximumContentCount: Int { DeckContent.maximumCount }

    /// ``content`` put into `slots` (home's own elements, written over its last render's), without an
    /// array of its own.
    func putContent(into slots: inout ElementSlots) {
        contentBuilder.put(context.snapshot, into: &slots)
    }

    /// Starts observing the deck and loads it.
    public func start() {
        // The renderer, not the flow: loading the flow's weak reference (and releasing the flow)
        // took the slow paths of the reference counts on every change of the deck.
        let renderer = renderer
        observations = watch(context, through: renderer, render: { state in renderer.render(state) })
        context.start()
    }

    /// Handles an intent from the home screen's Deck tab; `false` when it is not the deck's.
    public func handle(_ intent: Intent) -> Bool {
        guard case .tap(let id) = intent else { return false }
        // Passes first: the most frequent tap, told at the first compare.
        switch id {
        case DeckScreens.pass: context.swiped(.pass)
        case DeckScreens.like: context.swiped(.like)
        case DeckScreens.superLike: context.swiped(.superLike)
        case DeckScreens.rewind:
            let card = context.snapshot.rewindable
            context.rewind()
            if let card { environment.analytics.record(.rewound(card.id)) }
        case DeckScreens.openProfile:
            guard let top = context.snapshot.top else { return true }
            environment.show(
                DeckScreens.fullProfile(top, viewerInterests: context.snapshot.viewerInterests), .push
            ) {
                [weak self] intent in
                if intent == .tap(ActionID.back) { self?.environment.presenter.pop() }
            }
        case DeckScreens.preferences, DeckScreens.widen: editPreferences()
        case DeckScreens.retry: context.retry()
        default: return false
        }
        return true
    }

    private func editPreferences() {
        let current = context.snapshot.preferences ?? .default
        let flow = PreferencesFlow(environment: environment, context: makePreferences(current)) {
            [weak self] saved in
            guard let self else { return }
            self.detachChildren(ofType: PreferencesFlow.self)
            if let saved { self.context.preferencesChanged(saved) }
        }
        attach(flow)
        flow.start()
    }

    /// The empty deck's event and the modals: the match, the out-of-likes countdown and the
    /// out-of-super-likes notice.
    ///
    /// Called by the renderer (``DeckRenderer``) with what they showed before `state`.
    func renderModals(_ previous: DeckRenderer.Modals, _ state: DeckState) {
        if state.isEmpty, !previous.isEmpty { environment.analytics.record(.deckEmpty) }
        if state.hasPendingMatch, let match = state.pendingMatch, previous.pendingMatch != match {
            environment.analytics.record(.matched(match.user))
            parent?.broadcast(MatchMade(match: match))
            present(DeckScreens.match(match)) { [renderer] intent in renderer.flow?.matchIntent(intent, match)
            }
        }
        if let seconds = state.likesResetInSeconds {
            if previous.likesResetInSeconds == nil {
                environment.analytics.record(.outOfLikes)
                present(DeckScreens.outOfLikes(secondsRemaining: seconds)) { [weak self] intent in
                    if intent == .tap(DeckScreens.ok) { self?.context.outOfLikesSeen() }
                }
            } else {
                environment.presenter.update(DeckScreens.outOfLikes(secondsRemaining: seconds))
            }
        } else if previous.likesResetInSeconds != nil, modal == .outOfLikes {
            dismissModal()
        }
        if state.isOutOfSuperLikes, !previous.isOutOfSuperLikes {
            environment.presenter.showAlert(DeckScreens.outOfSuperLikes) { [weak self] _ in
                self?.context.outOfSuperLikesSeen()
            }
        }
    }

    private func matchIntent(_ intent: Intent, _ match: Match) {
        switch intent {
        case .tap(DeckScreens.sendMessage):
            dismissModal()
            context.matchSeen()
            onOpenChat?(match)
        case .tap(DeckScreens.keepSwiping):
            dismissModal()
            context.matchSeen()
        default:
            break
        }
    }

    private func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        if modal != nil { environment.presenter.dismiss() }
        modal = screen.id
        environment.show(screen, .modal, onIntent: onIntent)
    }

    private func dismissModal() {
        guard modal != nil else { return }
        modal = nil
        environment.presenter.dismiss()
    }
}
