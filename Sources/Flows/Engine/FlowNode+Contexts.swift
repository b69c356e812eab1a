import Contexts

extension FlowNode {
    /// Watches a context: `render` hears its state now and after every change, and every error it
    /// reports is raised from this node up the tree.
    ///
    /// Keep the tokens for as long as the flow watches.
    public func watch<Context: StateContext>(
        _ context: Context, render: @escaping @MainActor @Sendable (Context.State) -> Void
    ) -> [ObservationToken] {
        [context.observe(render), context.store.observeErrors { [weak self] error in self?.raise(error) }]
    }
}
