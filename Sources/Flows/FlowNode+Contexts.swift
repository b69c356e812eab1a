import Contexts

extension FlowNode {
    /// Watches a context: `render` hears its state now and after every change, and every error it
    /// reports is raised from this node up the tree. Keep the tokens for as long as the flow watches.
    public func watch<Context: StateContext>(
        _ context: Context, render: @escaping @MainActor @Sendable (Context.State) -> Void
    ) -> [ObservationToken] {
        [context.observe(render), context.store.observeErrors { [weak self] error in self?.raise(error) }]
    }
}

// DELETE AT MERGE: kept only while DeckFlow and MainFlow (DECK) still use them in this branch; flows
// call `watch(_:render:)` with `[weak self]`.
extension FlowNode {
    /// The two observations of one watched context.
    struct ContextWatch {
        /// The observation of the context's state.
        let states: ObservationToken
        /// The observation of the errors the context reports.
        let errors: ObservationToken
    }

    /// ``watch(_:render:)`` for a flow that keeps a weak holder of itself (`node`).
    func watch<Context: StateContext, Node: FlowNode>(
        _ context: Context, through node: WeakFlow<Node>,
        render: @escaping @MainActor @Sendable (Context.State) -> Void
    ) -> ContextWatch {
        ContextWatch(
            states: context.observe(render),
            errors: context.store.observeErrors { [node] error in node.flow?.raise(error) })
    }
}
