import Flows
import ScenarioLanguage

extension CommandLineInterface {
    /// `discover graph [--taken-by <path>]...`: the flow graph as Mermaid, with the transitions the
    /// given scenarios never took drawn dotted.
    func graph(_ arguments: CommandArguments) -> Int32 {
        guard arguments.positionals.isEmpty else {
            return usageError("graph", "graph takes no arguments but --taken-by")
        }
        let paths = arguments.allValues["taken-by"] ?? []
        guard !paths.isEmpty else {
            output(FlowGraph.mermaid())
            return 0
        }
        let scenarios: [Scenario]
        switch loadScenarios(paths) {
        case .failure(let exit): return exit.code
        case .success(let loaded): scenarios = loaded
        }
        let runner = ScenarioRunner.embedded(environment: environment)
        var moves: [ScreenMove] = []
        var failed: [String] = []
        for scenario in scenarios {
            let (result, world) = runner.run(scenario)
            moves += world.screenMoves
            if !result.passed { failed.append("\(scenario.name) (\(scenario.path))") }
        }
        guard failed.isEmpty else {
            errors(
                "discover graph: failing scenarios would mark the graph wrongly: "
                    + failed.joined(separator: "; "))
            return 1
        }
        output(FlowGraph.mermaid(untaken: Set(FlowGraph.untaken(by: moves))))
        return 0
    }
}
