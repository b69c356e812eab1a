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
    // Unchecked, like the bookkeeping below: set by the parent flow, read in place.
    /// Called when the deck's part of the home screen changed (not when the deck changed in a way
    /// it does not show).
    @exclusivity(unchecked) public var onContentChanged: (@MainActor () -> Void)?
    /// Called when the user wants to message a new match.
    @exclusivity(unchecked) public var onOpenChat: (@MainActor (Match) -> Void)?

    private let environment: FlowEnvironment
    private let makePreferences: @MainActor (SearchPreferences) -> PreferencesContext
    private var observations: [ObservationToken] = []
    /// This flow, held weakly, for its render closure and modals: made once and shared (a
    /// `[weak self]` closure allocates a box of its own).
    private let weakSelf = WeakFlow<DeckFlow>()
    // The flow's bookkeeping is main-actor isolated and never accessed across a call that could come
    // back to it (each access reads or writes in place; calls out happen after it ends), so the run-time
    // exclusivity checks — about 2 % of a journey, with the deck context's — are left out (Decision 22).
    // What the last render saw of the deck, not the deck: a kept snapshot shared the store's box, so
    // the next swipe copied it instead of changing it in place. Apart, not in one optional struct:
    // copying and destroying that (with its optional match) ran through value witnesses.
    /// Whether the deck was rendered yet (``look`` is then what home showed).
    @exclusivity(unchecked) private var hasRendered = false
    /// What home showed of the deck at the last render.
    @exclusivity(unchecked) private var look = DeckContent.Look()
    /// The last swipe's id at the last render.
    @exclusivity(unchecked) private var renderedSwipeID: String?
    /// What the modals showed at the last render.
    @exclusivity(unchecked) private var modals = Modals()
    @exclusivity(unchecked) private var modal: ScreenID?
    /// The card last announced as shown: kept whole, so that a render with the same top card tells
    /// so by identity, without copying its id out.
    @exclusivity(unchecked) private var announcedTop: Candidate?
    @exclusivity(unchecked) private var contentBuilder = DeckContent()

    /// Whether the deck is on screen (the home screen's Deck tab); set by the parent flow. A card counts
    /// as shown (``AnalyticsEvent/cardShown(_:)``) only while it is.
    @exclusivity(unchecked) public var isVisible = false {
        didSet { announceTop(context.snapshot) }
    }

    /// Creates the flow; `makePreferences` makes the preferences editor's context.
    public init(
        environment: FlowEnvironment, context: DeckContext,
        makePreferences: @escaping @MainActor (SearchPreferences) -> PreferencesContext
    ) {
        self.environment = environment
        self.context = context
        self.makePreferences = makePreferences
        super.init(name: "DeckFlow")
        weakSelf.flow = self
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
        let weakSelf = weakSelf
        observations = watch(context, through: weakSelf, render: { state in weakSelf.flow?.render(state) })
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

    private func render(_ state: DeckState) {
        // What this render sees is kept before anything is called out (the modals' part, in
        // `renderModals`, is read only there).
        let swipeIsNew = state.lastSwipeID != renderedSwipeID
        if swipeIsNew { renderedSwipeID = state.lastSwipeID }
        let looksSame = !look.show(state) && hasRendered
        hasRendered = true
        if swipeIsNew, let swipe = state.lastSwipe {
            environment.analytics.record(.swiped(swipe.action, swipe.candidate))
        }
        // Home is rendered again only if the deck's part of it looks different.
        if let onContentChanged, !looksSame { onContentChanged() }
        announceTop(state)
        // Most renders show no modal and record no empty deck, before or now: those branches sit in
        // a function of their own, so that a swipe's render runs through a short stretch of code.
        if Self.mayPresent(modals, state) { renderModals(state) }
    }

    /// What the modals showed (and whether the deck was empty) at a render; all off before the first.
    private struct Modals {
        var isEmpty = false
        var pendingMatch: Match?
        var likesResetInSeconds: Int?
        var isOutOfSuperLikes = false

        /// Whether any is on.
        var isAnyOn: Bool {
            if isEmpty || isOutOfSuperLikes || likesResetInSeconds != nil { return true }
            if case .some = pendingMatch { return true }
            return false
        }

        /// Becomes what `state` shows; returns what it was.
        mutating func replaced(by state: DeckState) -> Modals {
            let previous = self
            isEmpty = state.isEmpty
            pendingMatch = state.hasPendingMatch ? state.pendingMatch : nil
            likesResetInSeconds = state.likesResetInSeconds
            isOutOfSuperLikes = state.isOutOfSuperLikes
            return previous
        }
    }

    /// Whether ``renderModals(_:)`` could do anything for `state` after `previous`, or `previous`
    /// has something on to turn off (else both are all off, and `previous` stays as it is).
    ///
    /// Always inlined into ``render(_:)``, its one caller: a render runs fewer functions.
    @inline(__always)
    nonisolated private static func mayPresent(_ previous: Modals, _ state: DeckState) -> Bool {
        state.isEmpty || state.hasPendingMatch || state.likesResetInSeconds != nil
            || state.isOutOfSuperLikes || previous.isAnyOn
    }

    /// The empty deck's event and the modals: the match, the out-of-likes countdown and the
    /// out-of-super-likes notice.
    @inline(never)
    private func renderModals(_ state: DeckState) {
        let previous = modals.replaced(by: state)
        if state.isEmpty, !previous.isEmpty { environment.analytics.record(.deckEmpty) }
        if state.hasPendingMatch, let match = state.pendingMatch, previous.pendingMatch != match {
            environment.analytics.record(.matched(match.user))
            parent?.broadcast(MatchMade(match: match))
            present(DeckScreens.match(match)) { [weakSelf] intent in weakSelf.flow?.matchIntent(intent, match)
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

    /// Records ``AnalyticsEvent/cardShown(_:)`` for `state`'s top card when the deck is visible and
    /// that card's id was not the last one announced.
    ///
    /// `state` is the snapshot being rendered, not a fresh read of the context: the two differ only if
    /// something inside the render changed the deck, and then the next render announces the newer top.
    private func announceTop(_ state: DeckState) {
        guard isVisible, !state.topIsIdentical(to: announcedTop), let top = state.top else { return }
        let id = top.id
        let isNew = announcedTop?.id != id
        announcedTop = top
        if isNew { environment.analytics.record(.cardShown(id)) }
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
