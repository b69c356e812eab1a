extension ScenarioRunner {
    /// The run checks' problems found since the first `count`, as a failure message: an undeclared
    /// screen move, or an object or file an ended session left behind; `nil` when there are none.
    static func checkFailure(of world: any ScenarioWorld, since count: Int) -> String? {
        let errors = world.checkErrors
        guard errors.count > count else { return nil }
        return "a run check failed: " + errors[count...].joined(separator: "; ")
    }

    /// Ends the process after the last step and checks that it left nothing behind; the failure
    /// names the scenario's end.
    static func endFailure(of scenario: Scenario, in world: any ScenarioWorld) -> ScenarioFailure? {
        let count = world.checkErrors.count
        world.endProcess()
        guard let message = checkFailure(of: world, since: count) else { return nil }
        let line = (scenario.steps.last?.line ?? 0) + 1
        return ScenarioFailure(line: line, step: "(end of scenario)", message: message)
    }
}
