import Testing

@testable import Contexts

/// The shared weak holder behaves as a `[weak self]` capture: it reads the object while it lives,
/// does not keep it alive, and reads `nil` once it is gone.
@MainActor
@Suite struct WeakReferenceTests {
    private final class Object {}

    @Test func readsTheObjectWhileItLivesAndNilOnceItIsReleased() {
        var object: Object? = Object()
        let holder = WeakReference(object)
        #expect(holder.object === object)
        object = nil
        #expect(holder.object == nil)
    }

    @Test func holdsNothingUntilSetAndDoesNotKeepTheObjectAlive() {
        let holder = WeakReference<Object>()
        #expect(holder.object == nil)
        var object: Object? = Object()
        holder.object = object
        #expect(holder.object === object)
        object = nil
        #expect(holder.object == nil)
    }
}
