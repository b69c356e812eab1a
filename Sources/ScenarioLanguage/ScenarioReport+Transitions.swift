import Flows

extension ScenarioReport {
    /// The declared transitions no run took, one line each after a `transitions:` summary line that
    /// CI greps (`transitions: 3 of 40 declared never taken`).
    public static func untakenTransitions(_ untaken: [FlowGraph.DeclaredTransition]) -> String {
        let total = FlowGraph.transitions.count
        let lines = ["transitions: \(untaken.count) of \(total) declared never taken"]
        return (lines + untaken.map { "  untaken  \($0)" }).joined(separator: "\n")
    }
}
