import Models

/// The deck flow held weakly, with what a render of the deck needs: the render closure holds it
/// strongly and renders without loading the flow.
///
/// A flow held weakly has a weak-reference side table, so loading it and releasing it again took
/// the slow paths of the reference counts on every change of the deck. This holder has none (it is
/// held strongly), and keeps what a render reads and writes: what the last render saw (a look of
/// home's part, the last swipe's id, the modals), the card last announced, whether the deck shows,
/// and whom to tell that home's part changed. Only a render that may show a modal loads the flow
/// (``DeckFlow/renderModals(_:_:)``). The flow's observation token is released with the flow, so no
/// render comes after it.
@MainActor
final class DeckRenderer: WeakFlow<DeckFlow> {
    // Main-actor isolated and only read or written in place, never across a call out that could
    // come back to it: no run-time exclusivity checks (Decision 22).
    /// Called when the deck's part of the home screen changed (``DeckFlow/onContentChanged``).
    @exclusivity(unchecked) var onContentChanged: (@MainActor () -> Void)?
    /// Whether the deck is on screen (``DeckFlow/isVisible``).
    @exclusivity(unchecked) var isVisible = false
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
    /// The card last announced as shown: kept whole, so that a render with the same top card tells
    /// so by identity, without copying its id out.
    @exclusivity(unchecked) private var announcedTop: Candidate?
    private let environment: FlowEnvironment

    /// A renderer recording to `environment`'s analytics; its flow is set by the flow.
    init(environment: FlowEnvironment) {
        self.environment = environment
        super.init()
    }

    /// Renders `state`: records a new swipe, tells that home's part changed, announces the top card
    /// and shows the modals.
    func render(_ state: DeckState) {
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
    struct Modals {
        /// Whether the deck was empty.
        var isEmpty = false
        /// The match waiting to be seen, if any.
        var pendingMatch: Match?
        /// The out-of-likes countdown, if it showed.
        var likesResetInSeconds: Int?
        /// Whether the out-of-super-likes notice showed.
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

    /// Keeps what the modals show for `state`, and has the flow show them.
    @inline(never)
    private func renderModals(_ state: DeckState) {
        let previous = modals.replaced(by: state)
        flow?.renderModals(previous, state)
    }

    /// Records ``AnalyticsEvent/cardShown(_:)`` for `state`'s top card when the deck is visible and
    /// that card's id was not the last one announced.
    ///
    /// `state` is the snapshot being rendered, not a fresh read of the context: the two differ only if
    /// something inside the render changed the deck, and then the next render announces the newer top.
    func announceTop(_ state: DeckState) {
        guard isVisible, !state.topIsIdentical(to: announcedTop), let top = state.top else { return }
        let id = top.id
        let isNew = announcedTop?.id != id
        announcedTop = top
        if isNew { environment.analytics.record(.cardShown(id)) }
    }
}
