import Contexts

extension FlowNode {
    /// Watches a context: `render` hears its state now and after every change, and every error it
    /// reports is raised from this node up the tree. Keep the tokens for as long as the flow watches.
    public func watch<Context: StateContext>(
        _ context: Context, render: @escaping @MainActor @Sendable (Context.State) -> Void
    ) -> [ObservationToken] {
        [context.observe(render), context.store.observeErrors { [weak self] error in self?.raise(error) }]
    }

    /// The two observations of one watched context, kept without an array (an allocation per flow).
    struct ContextWatch {
        /// The observation of the context's state.
        let states: ObservationToken
        /// The observation of the errors the context reports.
        let errors: ObservationToken
    }

    /// ``watch(_:render:)`` for a flow that keeps a weak holder of itself (`node`): the error
    /// observer captures the holder alone, and needs no context of its own (a `[weak self]` capture
    /// allocates one, a box for the weak reference, for every context watched); the two tokens are
    /// kept in a ``ContextWatch`` rather than an array.
    func watch<Context: StateContext, Node: FlowNode>(
        _ context: Context, through node: WeakFlow<Node>,
        render: @escaping @MainActor @Sendable (Context.State) -> Void
    ) -> ContextWatch {
        ContextWatch(
            states: context.observe(render),
            errors: context.store.observeErrors { [node] error in node.flow?.raise(error) })
    }
}
