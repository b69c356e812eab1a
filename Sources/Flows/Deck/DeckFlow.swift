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
/// The deck is a panel of home, which its parent shows: the flow builds the panel (``panel``) and
/// tells its ``delegate`` at each change.
@MainActor
public final class DeckFlow: FlowNode {
    /// What this flow shows and starts, for the flow graph: its modals can cover any screen home's
    /// deck lives under.
    nonisolated public static let declaration = FlowDeclaration(
        name: "DeckFlow", screens: [.match, .outOfLikes, .profile],
        transitions: [
            .init(.home, .profile, on: "Open profile"), .init(.profile, .home, on: "Back"),
            .init(.home, .preferences, on: "Widen preferences"), .init(.match, .chat, on: "Send a message"),
        ],
        children: ["PreferencesFlow"],
        modals: [
            .init(.match, shownOn: "mutual like", closedBy: "Keep swiping"),
            .init(.outOfLikes, shownOn: "a like at the limit", closedBy: "OK or reset"),
        ],
        modalsCover: [.home, .profile, .chat, .preferences])

    /// The modal the deck shows above home.
    enum Modal: Equatable {
        /// "It's a match!" for a new match.
        case match(Match)
        /// The out-of-likes countdown.
        case outOfLikes
    }

    /// The context this flow scripts.
    public let context: DeckContext
    /// The flow showing home, told when the deck changed and when the user wants to chat.
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
        super.init(name: "DeckFlow")
        own(context)
    }

    /// The deck's state in brief.
    public override var stateSummary: String? { DeckScreens.summary(of: context.snapshot) }

    /// The deck's panel of home (steps 2, 6 and 7), as the deck is now.
    public var panel: DeckPanel { DeckScreens.panel(context.snapshot) }

    /// Step 1: watches the deck, and loads it.
    public override func start() {
        observations = watch(context, render: { [weak self] state in self?.render(state) })
        context.start()
    }

    /// Steps 2, 4, 5, 6 and 7 for each new state: records the swipe, tells the delegate, announces
    /// the top card, and shows the modals.
    private func render(_ state: DeckState) {
        defer { rendered = state }
        if let swipe = state.lastSwipe, swipe.id != rendered.lastSwipe?.id {
            environment.analytics.record(.swiped(swipe.action, swipe.candidate))
        }
        delegate?.deckFlowDidChange(self)
        announceTop(state)
        if state.isEmpty, !rendered.isEmpty { environment.analytics.record(.deckEmpty) }
        if let match = state.pendingMatch, match != rendered.pendingMatch {
            showMatch(match)
        } else if state.pendingMatch == nil, let shown = rendered.pendingMatch, modal == .match(shown) {
            // The server made no match of the like that seemed to (the like it answered was taken
            // back): "It's a match!" goes, as the chat drops the conversation.
            dismissModal()
        }
        if let seconds = state.likesResetInSeconds {
            showOutOfLikes(secondsLeft: seconds, isNew: rendered.likesResetInSeconds == nil)
        } else if rendered.likesResetInSeconds != nil, modal == .outOfLikes {
            dismissModal()
        }
        if state.isOutOfSuperLikes, !rendered.isOutOfSuperLikes {
            environment.alert(OutOfSuperLikesAlert()) { [weak self] _ in self?.context.outOfSuperLikesSeen() }
        }
    }

    /// Step 2: records the top card as shown, once per card, while the deck is visible.
    private func announceTop(_ state: DeckState) {
        guard isVisible, let top = state.top, top.id != announcedTop else { return }
        announcedTop = top.id
        environment.analytics.record(.cardShown(top.id))
    }

    /// Steps 3, 6 and 7: what the user does on the deck's panel.
    public func handle(_ action: DeckPanel.Action) {
        switch action {
        case .passTapped: context.swiped(.pass)
        case .likeTapped: context.swiped(.like)
        case .superLikeTapped: context.swiped(.superLike)
        case .rewindTapped:
            let card = context.snapshot.rewindable
            context.rewind()
            if let card { environment.analytics.record(.rewound(card.id)) }
        case .openProfileTapped: openProfile()
        case .preferencesTapped, .widenPreferencesTapped: editPreferences()
        case .retryTapped: context.retry()
        case .retrySendingTapped: context.retrySending()
        case .refusalDismissed: context.refusalSeen()
        }
    }

    /// Step 3: pushes the top card's full profile; "Back" pops it.
    private func openProfile() {
        let state = context.snapshot
        guard let top = state.top else { return }
        let screen = DeckScreens.fullProfile(top, viewerInterests: state.viewerInterests)
        environment.show(screen, .push, by: self) { [weak self] action in
            guard let self else { return }
            switch action {
            case .backTapped: environment.pop(by: self)
            case .retryTapped: break  // A card's profile is never loading, so it never fails.
            }
        }
    }

    /// Step 4: presents the out-of-likes modal, or counts it down.
    private func showOutOfLikes(secondsLeft: Int, isNew: Bool) {
        let screen = DeckScreens.outOfLikes(secondsLeft: secondsLeft)
        guard isNew else { return environment.update(screen) }
        environment.analytics.record(.outOfLikes)
        present(.outOfLikes, screen) { [weak self] (action: OutOfLikesModal.Action) in
            switch action {
            case .okTapped: self?.context.outOfLikesSeen()
            }
        }
    }

    /// Step 5: tells the tree of the match and presents "It's a match!".
    private func showMatch(_ match: Match) {
        environment.analytics.record(.matched(match.user))
        parent?.broadcast(MatchMade(match: match))
        present(.match(match), DeckScreens.match(match)) { [weak self] (action: MatchModal.Action) in
            guard let self else { return }
            self.dismissModal()
            self.context.matchSeen()
            switch action {
            case .sendMessageTapped: self.delegate?.deckFlow(self, didRequestChatWith: match)
            case .keepSwipingTapped: break
            }
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

    private func present<Screen: ModalScreenValue>(
        _ modal: Modal, _ screen: Screen, onAction: @escaping @MainActor (Screen.Action) -> Void
    ) {
        if self.modal != nil { environment.dismiss(by: self) }
        self.modal = modal
        environment.present(screen, by: self, onAction: onAction)
    }

    private func dismissModal() {
        guard modal != nil else { return }
        modal = nil
        environment.dismiss(by: self)
    }
}
