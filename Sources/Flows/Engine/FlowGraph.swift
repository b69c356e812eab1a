import Models

/// The flow graph, drawn from every flow's ``FlowDeclaration``.
public enum FlowGraph {
    /// Every flow's declaration, root first.
    public static let declarations: [FlowDeclaration] = [
        AppFlow.declaration, SessionFlow.declaration, LoginFlow.declaration, MainFlow.declaration,
        ProfileSetupFlow.declaration, DeckFlow.declaration, PreferencesFlow.declaration,
        ProfileFlow.declaration, ChatFlow.declaration,
    ]

    /// The graph as a Mermaid flowchart: a subgraph per flow with its screens, the transitions
    /// between screens, the flows each starts, and the deep links. The transitions in `untaken`
    /// (those no run took, ``untaken(by:)``) are drawn dotted and labelled "never taken".
    public static func mermaid(untaken: Set<DeclaredTransition> = []) -> String {
        var lines = ["flowchart TD"]
        for declaration in declarations {
            lines.append("    subgraph \(declaration.name)")
            if declaration.screens.isEmpty {
                lines.append("        \(declaration.name)_start([\(declaration.name)])")
            }
            for screen in declaration.screens {
                lines.append("        \(declaration.name)_\(screen)[\(screen)]")
            }
            lines.append("    end")
        }
        let owner = Dictionary(
            declarations.flatMap { declaration in declaration.screens.map { ($0, declaration.name) } },
            uniquingKeysWith: { first, _ in first })
        func node(_ screen: ScreenID, in flow: String) -> String { "\(owner[screen] ?? flow)_\(screen)" }
        for declaration in declarations {
            for transition in declaration.transitions + exits(of: declaration) {
                let from = node(transition.from, in: declaration.name)
                let to = node(transition.to, in: declaration.name)
                let declared = DeclaredTransition(
                    flow: declaration.name, from: transition.from, to: transition.to, on: transition.on)
                lines.append(
                    untaken.contains(declared)
                        ? "    \(from) -.->|\(transition.on) · never taken| \(to)"
                        : "    \(from) -->|\(transition.on)| \(to)")
            }
            for child in declaration.children {
                lines.append("    \(declaration.name) -.->|starts| \(child)")
            }
            for (index, link) in declaration.deepLinks.enumerated() {
                let id = "\(declaration.name)_link\(index)"
                lines.append("    \(id)([\"\(link.link)\"]) -.-> \(node(link.screen, in: declaration.name))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
