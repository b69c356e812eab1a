/// A weak reference to a flow, for the flow's screen and render closures to capture strongly.
///
/// A `[weak self]` capture pays a run-time exclusivity check each time the closure runs (the
/// captured weak variable is a mutable box); reading this holder's reference does not.
///
/// Not final: a flow may keep more beside the reference in a subclass (``MainFlow``'s home state),
/// for its closures to reach without loading the flow.
@MainActor
class WeakFlow<Flow: AnyObject> {
    // Unchecked: the holder is main-actor isolated, and the reference is only set by its owner and
    // read in place (loaded into a strong reference), never held across a call that could write it,
    // so no access can overlap another.
    /// The flow, while it lives.
    @exclusivity(unchecked) final weak var flow: Flow?

    /// Holds `flow` (none yet when `nil`) without keeping it alive.
    init(_ flow: Flow? = nil) { self.flow = flow }
}
