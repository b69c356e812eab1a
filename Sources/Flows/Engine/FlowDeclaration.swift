import Models

/// What a flow declares about itself for the flow graph: its screens, the moves between them, the
/// flows it starts and the deep links it answers.
///
/// Each flow keeps its declaration next to its code (`static let declaration`); ``FlowGraph`` draws
/// them, so the graph is never a hand-kept copy.
public struct FlowDeclaration: Sendable {
    /// A move from one screen to another.
    public struct Transition: Sendable {
        /// Where from.
        public let from: ScreenID
        /// Where to.
        public let to: ScreenID
        /// What causes it.
        public let on: String

        /// Creates a transition.
        public init(_ from: ScreenID, _ to: ScreenID, on: String) {
            self.from = from
            self.to = to
            self.on = on
        }
    }

    /// A modal the flow presents over the screens it covers (``FlowDeclaration/modalsCover``).
    public struct Modal: Sendable {
        /// The modal.
        public let screen: ScreenID
        /// What presents it.
        public let shownOn: String
        /// What closes it, back to the screen it covered.
        public let closedBy: String

        /// Declares a modal.
        public init(_ screen: ScreenID, shownOn: String, closedBy: String) {
            self.screen = screen
            self.shownOn = shownOn
            self.closedBy = closedBy
        }
    }

    /// A move from any screen of some flows' subtrees to one screen (a link going home, a session's
    /// end going to sign-in), expanded by ``FlowGraph`` over the screens those flows declare.
    public struct Exit: Sendable {
        /// The flows whose screens (theirs and their children's) the move leaves.
        public let from: [String]
        /// Where to.
        public let to: ScreenID
        /// What causes it.
        public let on: String

        /// Declares an exit.
        public init(from flows: [String], to: ScreenID, on: String) {
            self.from = flows
            self.to = to
            self.on = on
        }
    }

    /// The flow's name.
    public let name: String
    /// The screens it shows.
    public let screens: [ScreenID]
    /// The moves between screens it makes, listed one by one.
    public let listed: [Transition]
    /// The modals it presents.
    public let modals: [Modal]
    /// The screens its modals can cover (each modal moves from each, and back).
    public let modalsCover: [ScreenID]
    /// The moves it makes from every screen of some flows below it.
    public let exits: [Exit]
    /// The flows it starts.
    public let children: [String]
    /// Deep links it answers, with the screen each leads to.
    public let deepLinks: [(link: String, screen: ScreenID)]

    /// Creates a declaration.
    public init(
        name: String, screens: [ScreenID], transitions: [Transition] = [], children: [String] = [],
        deepLinks: [(link: String, screen: ScreenID)] = [], modals: [Modal] = [],
        modalsCover: [ScreenID] = [],
        exits: [Exit] = []
    ) {
        self.name = name
        self.screens = screens
        self.listed = transitions
        self.children = children
        self.deepLinks = deepLinks
        self.modals = modals
        self.modalsCover = modalsCover
        self.exits = exits
    }

    /// The moves this flow's own declaration gives: those listed, and each modal's over each screen
    /// it covers (the exits need the other flows; ``FlowGraph/transitions`` adds them).
    ///
    /// A move listed wins over the same move a modal gives.
    public var transitions: [Transition] {
        let derived = modals.flatMap { modal in
            modalsCover.flatMap { covered in
                [
                    Transition(covered, modal.screen, on: modal.shownOn),
                    Transition(modal.screen, covered, on: modal.closedBy),
                ]
            }
        }
        return listed
            + derived.filter { move in !listed.contains { $0.from == move.from && $0.to == move.to } }
    }
}
