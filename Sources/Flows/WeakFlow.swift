// DELETE AT MERGE: kept only while ChatFlow (CHAT) and MainFlow/DeckFlow (DECK) still use it in this
// branch; flows capture `[weak self]`.

/// A weak reference to a flow.
///
/// Not final: MainFlow keeps more beside the reference in a subclass.
@MainActor
class WeakFlow<Flow: AnyObject> {
    /// The flow, while it lives.
    final weak var flow: Flow?

    /// Holds `flow` (none yet when `nil`) without keeping it alive.
    init(_ flow: Flow? = nil) { self.flow = flow }
}
