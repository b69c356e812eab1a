import Models

extension FlowGraph {
    /// A declared transition with the flow that declares it.
    public struct DeclaredTransition: Hashable, Sendable, CustomStringConvertible {
        /// The declaring flow.
        public let flow: String
        /// Where from.
        public let from: ScreenID
        /// Where to.
        public let to: ScreenID
        /// What causes it, as declared.
        public let on: String

        /// The transition as `Flow: from -> to (on)`.
        public var description: String { "\(flow): \(from) -> \(to) (\(on))" }
    }

    /// Every declared transition, in declaration order.
    ///
    /// Derived once from ``declarations``: every screen move is checked against it.
    public static let transitions: [DeclaredTransition] = declarations.flatMap { declaration in
        (declaration.transitions + exits(of: declaration)).map {
            DeclaredTransition(flow: declaration.name, from: $0.from, to: $0.to, on: $0.on)
        }
    }

    /// The moves `declaration`'s exits give: from every screen the named flows and those below them
    /// declare (their modals included) to the exit's screen.
    static func exits(of declaration: FlowDeclaration) -> [FlowDeclaration.Transition] {
        declaration.exits.flatMap { exit in
            var seen = Set<ScreenID>()
            return exit.from.flatMap(screens(below:)).filter { $0 != exit.to && seen.insert($0).inserted }.map
            {
                FlowDeclaration.Transition($0, exit.to, on: exit.on)
            }
        }
    }

    /// The screens the flow named `name` and every flow below it declare.
    static func screens(below name: String) -> [ScreenID] {
        guard let declaration = declaration(named: name) else { return [] }
        return declaration.screens + declaration.children.flatMap(screens(below:))
    }

    /// The declaration of the flow with this name, if the graph has it.
    public static func declaration(named name: String) -> FlowDeclaration? {
        declarations.first { $0.name == name }
    }

    /// The flow with this name and the flows that start it, nearest first, as the declarations'
    /// `children` say.
    public static func lineage(of name: String) -> [String] {
        var chain = [name]
        while let parent = declarations.first(where: { $0.children.contains(chain[chain.count - 1]) }),
            !chain.contains(parent.name)
        {
            chain.append(parent.name)
        }
        return chain
    }

    /// Checks one screen move against the declarations; returns what is wrong, or `nil` when the move
    /// is declared.
    ///
    /// A move is declared when its flow is in the graph, declares the screen it shows (a pop or
    /// dismiss may uncover any screen), and the move from one screen to another is a transition
    /// declared by that flow or a flow above it. A launch (nothing shown before) and a re-render of
    /// the same screen are not transitions.
    public static func check(_ move: ScreenMove) -> String? {
        guard let flow = move.flow else {
            return "no flow named for the move \(move.from.map(\.rawValue) ?? "nothing") -> \(move.to)"
        }
        guard let declaration = declaration(named: flow) else {
            return "\(flow) is not in the flow graph (FlowGraph.declarations) but moved to \(move.to)"
        }
        if move.shows, !declaration.screens.contains(move.to) {
            return "\(flow) shows \(move.to), a screen it does not declare (it declares: "
                + declaration.screens.map(\.rawValue).joined(separator: ", ") + ")"
        }
        guard let from = move.from, from != move.to else { return nil }
        guard declaringTransition(of: move) != nil else {
            return "undeclared transition: \(flow) moved from \(from) to \(move.to); declare it in "
                + "\(flow).declaration (or a flow above it: "
                + lineage(of: flow).dropFirst().joined(separator: ", ") + ")"
        }
        return nil
    }

    /// The declared transition a move takes: the nearest flow in the move's lineage declaring it.
    public static func declaringTransition(of move: ScreenMove) -> DeclaredTransition? {
        guard let flow = move.flow, let from = move.from else { return nil }
        for name in lineage(of: flow) {
            if let found = transitions.first(where: { $0.flow == name && $0.from == from && $0.to == move.to }
            ) {
                return found
            }
        }
        return nil
    }

    /// The declared transitions none of `moves` takes, in declaration order.
    public static func untaken(by moves: some Sequence<ScreenMove>) -> [DeclaredTransition] {
        let taken = Set(moves.compactMap(declaringTransition(of:)))
        return transitions.filter { !taken.contains($0) }
    }
}
