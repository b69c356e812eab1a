/// A weak reference to a main-actor object.
///
/// Kept only for the request objects that still hold one; closures capture `[weak self]` instead.
@MainActor
final class WeakReference<Object: AnyObject> {
    /// The object, while it lives.
    weak var object: Object?

    /// Holds `object` (none yet when `nil`) without keeping it alive.
    init(_ object: Object? = nil) { self.object = object }
}
