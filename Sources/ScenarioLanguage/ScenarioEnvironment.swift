/// The environment variables a scenario's `type $NAME into "…"` steps type, as the caller read them.
///
/// A variable that is not set, or set to nothing, is an error naming it: a scenario never types an
/// empty password by mistake.
package struct ScenarioEnvironment: Sendable {
    /// The variables, by name.
    let values: [String: String]

    /// The environment of `values`.
    package init(values: [String: String]) { self.values = values }

    /// The value of the variable `name`, or why there is none.
    func value(of name: String) throws(ScenarioRunError) -> String {
        guard let value = values[name], !value.isEmpty else { throw missing(name) }
        return value
    }

    /// The first step of `scenario` (before the line `stopBefore`, if given) that types a variable
    /// that is not set or empty, as the failure that stops the scenario before it starts.
    func firstMissing(in scenario: Scenario, stopBefore: Int? = nil) -> ScenarioFailure? {
        for located in scenario.steps where stopBefore.map({ located.line < $0 }) ?? true {
            guard case .typeVariable(let name, _) = located.step, (values[name] ?? "").isEmpty else {
                continue
            }
            return ScenarioFailure(line: located.line, step: located.source, message: missing(name).message)
        }
        return nil
    }

    private func missing(_ name: String) -> ScenarioRunError {
        let state = values[name] == nil ? "not set" : "empty"
        return ScenarioRunError(
            "the environment variable \(name) is \(state): this step types its value (set it, e.g. \(name)=… discover run …)"
        )
    }
}
