import Contexts
import Observation
import Synchronization
import Testing

@MainActor
final class Recorder<Value> {
    var values: [Value] = []
}

final class ChangeCounter: Sendable {
    let count = Atomic<Int>(0)

    /// Runs `read` in an Observation tracking scope whose changes this counter counts.
    func track(_ read: () -> Void) {
        withObservationTracking(read) { self.count.add(1, ordering: .relaxed) }
    }
}

@MainActor
@Suite struct StateStoreTests {
    struct Counter: Equatable, Sendable {
        var count = 0
        var label = ""
    }

    @Test func observe_emitsTheCurrentState_thenEveryChange() {
        let store = StateStore(Counter())
        let recorder = Recorder<Int>()
        let token = store.observe { recorder.values.append($0.count) }
        store.update { $0.count = 1 }
        store.update { $0.count = 2 }
        #expect(recorder.values == [0, 1, 2])
        withExtendedLifetime(token) {}
    }

    @Test func severalChangesInOneCall_produceOneNotification() {
        let store = StateStore(Counter())
        let recorder = Recorder<Counter>()
        let token = store.observe { recorder.values.append($0) }
        store.batch {
            store.update { $0.count = 1 }
            store.update { $0.label = "one" }
            store.update { $0.count += 1 }
        }
        #expect(recorder.values == [Counter(), Counter(count: 2, label: "one")])
        withExtendedLifetime(token) {}
    }

    @Test func updatesInABatch_seeEachOther_andSnapshotReadsTheNewest() {
        let store = StateStore(Counter())
        let recorder = Recorder<Counter>()
        let token = store.observe { recorder.values.append($0) }
        var seenInside: [Int] = []
        store.batch {
            store.update { $0.count = 1 }
            seenInside.append(store.snapshot.count)
            store.batch { store.update { $0.count += 1 } }
            seenInside.append(store.snapshot.count)
        }
        #expect(seenInside == [1, 2])
        #expect(recorder.values == [Counter(), Counter(count: 2)])
        withExtendedLifetime(token) {}
    }

    @Test func anUpdateInsideAnotherUpdatesBody_stopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let store = StateStore(Counter())
                store.update { _ in store.update { $0.count = 1 } }
            }
        }
    }

    @Test func anUpdateThatChangesNothing_notifiesNobody() {
        let store = StateStore(Counter())
        let recorder = Recorder<Counter>()
        let token = store.observe { recorder.values.append($0) }
        store.update { $0.count = 0 }
        store.update { state in
            state.count = 5
            state.count = 0
        }
        #expect(recorder.values == [Counter()])
        withExtendedLifetime(token) {}
    }

    @Test func cancellingOrReleasingTheToken_stopsTheObserver() {
        let store = StateStore(Counter())
        let cancelled = Recorder<Int>()
        let released = Recorder<Int>()
        let token = store.observe { cancelled.values.append($0.count) }
        var other: ObservationToken? = store.observe { released.values.append($0.count) }
        #expect(store.observerCount == 2)
        token.cancel()
        other = nil
        store.update { $0.count = 1 }
        #expect(cancelled.values == [0])
        #expect(released.values == [0])
        #expect(store.observerCount == 0)
        #expect(other == nil)
    }

    @Test func removingAnObserverFromTheMiddle_keepsTheOthersInTheOrderAdded() {
        let store = StateStore(Counter())
        let heard = Recorder<String>()
        let first = store.observe { heard.values.append("first \($0.count)") }
        var middle: ObservationToken? = store.observe { heard.values.append("middle \($0.count)") }
        let last = store.observe { heard.values.append("last \($0.count)") }
        middle = nil
        heard.values = []
        store.update { $0.count = 1 }
        #expect(heard.values == ["first 1", "last 1"])
        #expect(store.observerCount == 2)
        #expect(middle == nil)
        withExtendedLifetime((first, last)) {}
    }

    /// Among many observers, removals anywhere (and twice) leave the others in the order added.
    @Test func removingManyObservers_keepsTheOthersInTheOrderAdded() {
        let store = StateStore(Counter())
        let heard = Recorder<Int>()
        var tokens: [ObservationToken?] = (0..<70).map { index in
            store.observe { _ in heard.values.append(index) }
        }
        for index in [0, 5, 63, 64, 66, 69] { tokens[index] = nil }
        let removed: Set = [0, 5, 63, 64, 66, 69]
        heard.values = []
        store.update { $0.count = 1 }
        #expect(heard.values == (0..<70).filter { !removed.contains($0) })
        #expect(store.observerCount == 64)
        tokens[1]?.cancel()
        tokens[67]?.cancel()
        tokens[1]?.cancel()
        heard.values = []
        store.update { $0.count = 2 }
        #expect(heard.values == (0..<70).filter { !removed.contains($0) && $0 != 1 && $0 != 67 })
        withExtendedLifetime(tokens) {}
    }

    @Test func cancellingAnObserverHoldingAnotherOnesToken_removesBoth_withoutDeadlock() {
        let store = StateStore(Counter())
        let heard = Recorder<String>()
        var inner: ObservationToken? = store.observe { heard.values.append("inner \($0.count)") }
        let outer = store.observe { [inner] state in
            withExtendedLifetime(inner) { heard.values.append("outer \(state.count)") }
        }
        inner = nil
        heard.values = []
        outer.cancel()
        store.update { $0.count = 1 }
        #expect(heard.values == [])
        #expect(store.observerCount == 0)
    }

    @Test func aTokenOutlivingItsStore_cancelsWithoutEffect() {
        var store: StateStore<Counter>? = StateStore(Counter())
        let heard = Recorder<Int>()
        let token = store?.observe { heard.values.append($0.count) }
        store = nil
        token?.cancel()
        #expect(heard.values == [0])
    }

    @Test func anObserverThatUpdatesTheStore_leavesEveryObserverOnTheLatestState() {
        let store = StateStore(Counter())
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let bump = store.observe { [weak store] state in
            first.values.append(state.count)
            if state.count == 1 { store?.update { $0.count = 2 } }
        }
        let watch = store.observe { second.values.append($0.count) }
        store.update { $0.count = 1 }
        #expect(first.values == [0, 1, 2])
        #expect(second.values.last == 2)
        #expect(!second.values.contains { $0 == 1 && second.values.last != 2 })
        #expect(store.state.count == 2)
        withExtendedLifetime((bump, watch)) {}
    }

    @Test func aToken_cancelsOnce_evenWhenCancelledAndReleased() {
        let calls = ChangeCounter()
        var token: ObservationToken? = ObservationToken { calls.count.add(1, ordering: .relaxed) }
        token?.cancel()
        token?.cancel()
        token = nil
        #expect(calls.count.load(ordering: .relaxed) == 1)
    }

    @Test func reportedErrors_reachErrorObservers() {
        struct Boom: Error {}
        let store = StateStore(Counter())
        let recorder = Recorder<String>()
        let token = store.observeErrors { recorder.values.append(String(describing: type(of: $0))) }
        store.report(Boom())
        #expect(recorder.values == ["Boom"])
        withExtendedLifetime(token) {}
    }

    /// Error observers and state observers share one registry (ids from one count): each token
    /// removes its own observer only, and each kind hears only its own.
    @Test func errorAndStateObservers_areRemovedEachByItsOwnToken() {
        struct Boom: Error {}
        let store = StateStore(Counter())
        let heard = Recorder<String>()
        var state: ObservationToken? = store.observe { heard.values.append("state \($0.count)") }
        var firstError: ObservationToken? = store.observeErrors { _ in heard.values.append("error 1") }
        let secondError = store.observeErrors { _ in heard.values.append("error 2") }
        let laterState = store.observe { heard.values.append("later \($0.count)") }
        heard.values = []
        store.report(Boom())
        store.update { $0.count = 1 }
        #expect(heard.values == ["error 1", "error 2", "state 1", "later 1"])
        firstError = nil
        heard.values = []
        store.report(Boom())
        store.update { $0.count = 2 }
        #expect(heard.values == ["error 2", "state 2", "later 2"])
        state = nil
        heard.values = []
        store.report(Boom())
        store.update { $0.count = 3 }
        #expect(heard.values == ["error 2", "later 3"])
        #expect(store.observerCount == 1)
        #expect(firstError == nil && state == nil)
        withExtendedLifetime((secondError, laterState)) {}
    }
}
