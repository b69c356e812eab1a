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
/// 7. A page that fails shows "Retry"; swipes the server keeps failing show "Couldn't send" and
///    "Retry sending"; a refused session raises ``Models/SessionError`` to the ``SessionFlow``.
///
/// The deck is part of home, which its parent shows: the flow builds the deck's part
/// (``addContent(to:)``) and tells its ``delegate`` when that changed.
@MainActor
public final class DeckFlow: FlowNode {
    /// The context this flow scripts.
    public let context: DeckContext
    /// The flow showing home, told when the deck's part changed and when the user wants to chat.
    public weak var delegate: (any DeckFlowDelegate)?
    /// Whether the deck is on screen (the home screen's Deck tab); set by the parent flow.
    ///
    /// A card counts as shown (``Models/AnalyticsEvent/cardShown(_:)``) only while it is.
    public var isVisible = false {
        didSet { announceTop(context.snapshot) }
    }

    private let environment: FlowEnvironment
    private let makePreferences: @MainActor (SearchPreferences) -> PreferencesContext
    private var observations: [ObservationToken] = []
    private var modal: Modal?
    /// The deck as the last render saw it (an empty deck before the first).
    private var rendered = DeckState()
    /// What of the deck home shows: as the deck was when the flow was made, then at each render.
    private var shown: DeckScreens.Shown
    /// The top card last announced as shown.
    private var announcedTop: UserID?

    /// Creates the flow; `makePreferences` makes the preferences editor's context.
    public init(
        environment: FlowEnvironment, context: DeckContext,
        makePreferences: @escaping @MainActor (SearchPreferences) -> PreferencesContext
    ) {
        self.environment = environment
        self.context = context
        self.makePreferences = makePreferences
        shown = DeckScreens.Shown(context.snapshot)
        super.init(name: "DeckFlow")
        own(context)
    }

    /// The deck's state in brief.
    public override var stateSummary: String? {
        DeckScreens.summary(of: context.snapshot)
    }

    /// Adds the deck's part of the home screen (steps 2, 6 and 7) to `elements`, as the deck is now:
    /// the parent builds home in one pass, its frame around this part.
    public func addContent(to elements: inout [ScreenElement]) {
        DeckScreens.addHome(for: shown, to: &elements)
    }

    /// Step 1: watches the deck, and loads it.
    public override func start() {
        observations = watch(context, render: { [weak self] state in self?.render(state) })
        context.start()
    }

    /// Steps 2, 4, 5, 6 and 7 for each new state: records the swipe, tells the delegate when what
    /// home shows of the deck (its swipe queue's notice included) changed, announces the top card,
    /// and shows the modals.
    private func render(_ state: DeckState) {
        defer { rendered = state }
        if let swipe = state.lastSwipe, swipe.id != rendered.lastSwipe?.id {
            environment.analytics.record(.swiped(swipe.action, swipe.candidate))
        }
        let shown = DeckScreens.Shown(state)
        if shown != self.shown { show(shown) }
        announceTop(state)
        if state.isEmpty, !rendered.isEmpty { environment.analytics.record(.deckEmpty) }
        if let match = state.pendingMatch, match != rendered.pendingMatch { showMatch(match) }
        if let seconds = state.likesResetInSeconds {
            showOutOfLikes(secondsLeft: seconds, isNew: rendered.likesResetInSeconds == nil)
        } else if rendered.likesResetInSeconds != nil, case .outOfLikes = modal {
            dismissModal()
        }
        if state.isOutOfSuperLikes, !rendered.isOutOfSuperLikes {
            environment.presenter.showAlert(DeckScreens.outOfSuperLikes) { [weak self] _ in
                self?.context.outOfSuperLikesSeen()
            }
        }
    }

    /// Keeps what home's part now shows, and tells the delegate, which renders home again.
    ///
    /// The part is built from `shown` alone, so it changes with it; in the rare case it does not
    /// (the viewer's interests changed, not what the top card shares with them), home is rendered
    /// again the same, which a front end shows as it was.
    private func show(_ shown: DeckScreens.Shown) {
        self.shown = shown
        delegate?.deckFlowDidChangeContent(self)
    }

    /// Step 2: records the top card as shown, once per card, while the deck is visible.
    private func announceTop(_ state: DeckState) {
        guard isVisible, let top = state.top, top.id != announcedTop else { return }
        announcedTop = top.id
        environment.analytics.record(.cardShown(top.id))
    }

    /// Steps 3, 6 and 7: handles an intent from the home screen's Deck tab; `false` when it is not
    /// the deck's.
    public func handle(_ intent: Intent) -> Bool {
        guard case .tap(let id) = intent else { return false }
        switch id {
        case ActionID.Deck.pass: context.swiped(.pass)
        case ActionID.Deck.like: context.swiped(.like)
        case ActionID.Deck.superLike: context.swiped(.superLike)
        case ActionID.Deck.rewind:
            let card = context.snapshot.rewindable
            context.rewind()
            if let card { environment.analytics.record(.rewound(card.id)) }
        case ActionID.Deck.openProfile: openProfile()
        case ActionID.Deck.preferences, ActionID.Deck.widen: editPreferences()
        case ActionID.Deck.retry: context.retry()
        case ActionID.Deck.retrySending: context.retrySending()
        default: return false
        }
        return true
    }

    /// Step 3: pushes the top card's full profile; "Back" pops it.
    private func openProfile() {
        let state = context.snapshot
        guard let top = state.top else { return }
        let screen = DeckScreens.fullProfile(top, viewerInterests: state.viewerInterests)
        environment.show(screen, .push, by: self) { [weak self] intent in
            guard let self, intent == .tap(.back) else { return }
            environment.pop(by: self)
        }
    }

    /// Step 4: presents the out-of-likes modal, or counts it down.
    private func showOutOfLikes(secondsLeft: Int, isNew: Bool) {
        let screen = DeckScreens.outOfLikes(secondsLeft: secondsLeft)
        guard isNew else {
            if case .outOfLikes = modal { modal = .outOfLikes(secondsLeft: secondsLeft) }
            return environment.presenter.update(screen)
        }
        environment.analytics.record(.outOfLikes)
        present(.outOfLikes(secondsLeft: secondsLeft), screen) { [weak self] intent in
            if intent == .tap(ActionID.OutOfLikes.ok) { self?.context.outOfLikesSeen() }
        }
    }

    /// Step 5: tells the tree of the match and presents "It's a match!".
    private func showMatch(_ match: Match) {
        environment.analytics.record(.matched(match.user))
        parent?.broadcast(MatchMade(match: match))
        present(.match(match), DeckScreens.match(match)) { [weak self] intent in
            let opensChat = intent == .tap(ActionID.Match.sendMessage)
            guard let self, opensChat || intent == .tap(ActionID.Match.keepSwiping) else { return }
            self.dismissModal()
            self.context.matchSeen()
            if opensChat { self.delegate?.deckFlow(self, didRequestChatWith: match) }
        }
    }

    /// Step 6: pushes the preferences editor; saved preferences reload the deck.
    private func editPreferences() {
        let current = context.snapshot.preferences ?? .default
        let flow = PreferencesFlow(environment: environment, context: makePreferences(current)) {
            [weak self] saved in
            guard let self else { return }
            self.endChildren()
            if let saved { self.context.preferencesChanged(saved) }
        }
        attach(flow)
        flow.start()
    }

    /// Forgets what covers home (the preferences editor, a modal), which a link is about to replace
    /// by setting home as the root: the editor's flow ends, so opening it again starts one.
    public func closeCovers() {
        endChildren()
        modal = nil
    }

    /// Ends the preferences editor, the one kind of flow below the deck.
    private func endChildren() {
        for child in children { child.end() }
    }

    private func present(_ modal: Modal, _ screen: Screen, onIntent: @escaping IntentHandler) {
        if self.modal != nil { environment.dismiss(by: self) }
        self.modal = modal
        environment.show(screen, .modal, by: self, onIntent: onIntent)
    }

    private func dismissModal() {
        guard modal != nil else { return }
        modal = nil
        environment.dismiss(by: self)
    }
}
