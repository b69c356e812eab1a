/// A weak reference to a main-actor object, for its closures to capture strongly.
///
/// A `[weak self]` capture pays a run-time exclusivity check each time the closure runs (the
/// captured weak variable is a mutable box); reading this holder's reference does not. Made once
/// and shared, a holder also saves each closure building a weak reference of its own.
@MainActor
final class WeakReference<Object: AnyObject> {
    // Unchecked: the holder is main-actor isolated, and the reference is only set by its owner and
    // read in place (loaded into a strong reference), never held across a call that could write it,
    // so no access can overlap another.
    /// The object, while it lives.
    @exclusivity(unchecked) weak var object: Object?

    /// Holds `object` (none yet when `nil`) without keeping it alive.
    init(_ object: Object? = nil) { self.object = object }
}
