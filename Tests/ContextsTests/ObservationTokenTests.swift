import Contexts
import Synchronization
import Testing

/// A store's tokens stop their observer exactly as a token running a closure that removes it would:
/// once, on cancel or release, and not at all once the store is gone.
@MainActor
@Suite struct ObservationTokenTests {
    @Test func cancel_removesTheObserverOnce_likeAClosureToken() {
        let store = StateStore(0)
        let heard = Recorder<Int>()
        let kept = store.observe { heard.values.append($0) }
        let token = store.observe { heard.values.append(-$0) }
        let removals = Atomic<Int>(0)
        let closureToken = ObservationToken { removals.add(1, ordering: .relaxed) }
        #expect(store.observerCount == 2)
        token.cancel()
        token.cancel()
        closureToken.cancel()
        closureToken.cancel()
        #expect(store.observerCount == 1)
        #expect(removals.load(ordering: .relaxed) == 1)
        store.update { $0 = 5 }
        #expect(heard.values == [0, 0, 5])
        withExtendedLifetime(kept) {}
    }

    @Test func releasingTheToken_removesTheObserver() {
        let store = StateStore(0)
        let heard = Recorder<Int>()
        var token: ObservationToken? = store.observe { heard.values.append($0) }
        #expect(store.observerCount == 1)
        withExtendedLifetime(token) {}
        token = nil
        #expect(store.observerCount == 0)
        store.update { $0 = 1 }
        #expect(heard.values == [0])
    }

    @Test func aTokenCancelledOnAnotherThread_stopsItsObserverBeforeTheNextChange() async {
        let store = StateStore(0)
        let heard = Recorder<Int>()
        let token = store.observe { heard.values.append($0) }
        await Task.detached { token.cancel() }.value
        store.update { $0 = 1 }
        #expect(heard.values == [0])
        #expect(store.observerCount == 0)
    }

    @Test func aTokenOutlivingItsStore_cancelsWithoutEffect() {
        var store: StateStore<Int>? = StateStore(0)
        let token = store?.observe { _ in }
        weak let gone = store
        store = nil
        #expect(gone == nil)
        token?.cancel()
        token?.cancel()
    }

    /// Observes `store` with a callback that alone holds the token of another observer of `store`.
    func observeHolding(_ store: StateStore<Int>) -> ObservationToken {
        let inner = store.observe { _ in }
        return store.observe { _ in withExtendedLifetime(inner) {} }
    }

    @Test func anObserverHoldingATokenOfTheSameStore_takesItsObserverAlong() {
        let store = StateStore(0)
        let outer = observeHolding(store)
        #expect(store.observerCount == 2)
        // Removing the outer callback releases it, and with it the inner token, whose cancel comes
        // back to the same store.
        outer.cancel()
        #expect(store.observerCount == 0)
        var released: ObservationToken? = observeHolding(store)
        #expect(store.observerCount == 2)
        withExtendedLifetime(released) {}
        released = nil
        #expect(store.observerCount == 0)
    }
}
