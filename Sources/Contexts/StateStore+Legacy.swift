// Temporary forwarders kept while the contexts move to `update` and `batch`; deleted at merge.

extension StateStore {
    /// Forwards to ``update(_:)``.
    func updateChangingInPlace(_ body: (inout State) -> Void) { update(body) }

    /// Forwards to ``batch(_:)``.
    func batchChangingInPlace(_ body: () -> Void) { batch(body) }

    /// Reads the state through `body`.
    func inspect<Result>(_ body: (inout State) -> Result) -> Result {
        var state = snapshot
        return body(&state)
    }

    /// Forwards to ``snapshot``.
    var current: State { snapshot }
}
