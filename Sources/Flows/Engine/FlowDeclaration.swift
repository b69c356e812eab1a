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

    /// The flow's name.
    public let name: String
    /// The screens it shows.
    public let screens: [ScreenID]
    /// The moves between screens it makes.
    public let transitions: [Transition]
    /// The flows it starts.
    public let children: [String]
    /// Deep links it answers, with the screen each leads to.
    public let deepLinks: [(link: String, screen: ScreenID)]

    /// Creates a declaration.
    public init(
        name: String, screens: [ScreenID], transitions: [Transition] = [], children: [String] = [],
        deepLinks: [(link: String, screen: ScreenID)] = []
    ) {
        self.name = name
        self.screens = screens
        self.transitions = transitions
        self.children = children
        self.deepLinks = deepLinks
    }
}
