import Contexts
import Observation
import Testing

/// A store seen the other two ways: through the Observation framework (`state` read in a tracking
/// scope; `snapshot` registers nothing) and as an `AsyncSequence` of states.
@MainActor
@Suite struct StateStoreObservationTests {
    typealias Counter = StateStoreTests.Counter

    @Test func observationFramework_seesChanges() {
        let store = StateStore(Counter())
        let changes = ChangeCounter()
        changes.track { _ = store.state }
        store.update { $0.count = 1 }
        #expect(changes.count.load(ordering: .relaxed) == 1)
    }

    @Test func observationFramework_tellsEveryScopeThatReadTheState_madeLazilyOnce() {
        // The registrar is made by the first read of `state`; a later read must find the same one, or
        // the first scope would never hear of the change.
        let store = StateStore(Counter())
        let first = ChangeCounter()
        let second = ChangeCounter()
        first.track { _ = store.state }
        second.track { _ = store.state }
        store.update { $0.count = 5 }
        #expect(first.count.load(ordering: .relaxed) == 1)
        #expect(second.count.load(ordering: .relaxed) == 1)
    }

    @Test func observationFramework_hearsOnlyTheStoresReadInside() {
        let read = StateStore(Counter())
        let other = StateStore(Counter())
        let changes = ChangeCounter()
        changes.track { _ = read.state }
        other.update { $0.count = 1 }
        #expect(changes.count.load(ordering: .relaxed) == 0)
        read.update { $0.count = 0 }
        #expect(changes.count.load(ordering: .relaxed) == 0)
        read.update { $0.count = 2 }
        #expect(changes.count.load(ordering: .relaxed) == 1)
    }

    @Test func observationFramework_seesAStoreChangedBeforeAnyoneTracked_snapshotRegistersNothing() {
        let store = StateStore(Counter())
        let heard = Recorder<Int>()
        let token = store.observe { heard.values.append($0.count) }
        store.update { $0.count = 1 }
        store.update { $0.count = 2 }
        #expect(store.snapshot.count == 2)
        let changes = ChangeCounter()
        changes.track { _ = store.snapshot }
        store.update { $0.count = 3 }
        #expect(changes.count.load(ordering: .relaxed) == 0)
        changes.track { #expect(store.state.count == 3) }
        store.update { $0.count = 4 }
        #expect(changes.count.load(ordering: .relaxed) == 1)
        #expect(heard.values == [0, 1, 2, 3, 4])
        #expect(store.snapshot == store.state)
        withExtendedLifetime(token) {}
    }

    @Test func asyncSequence_yieldsTheCurrentState_thenEveryChange_andEndsWithTheStore() async {
        var store: StateStore<Counter>? = StateStore(Counter())
        guard let states = store?.states else { return }
        store?.update { $0.count = 1 }
        store?.batch {
            store?.update { $0.count = 2 }
            store?.update { $0.count = 3 }
        }
        store = nil
        var seen: [Int] = []
        for await state in states { seen.append(state.count) }
        #expect(seen == [0, 1, 3])
    }

    @Test func aStreamMadeAfterChanges_yieldsTheStateThen_thenEveryLaterChange() async {
        var store: StateStore<Counter>? = StateStore(Counter())
        let heard = Recorder<Int>()
        let token = store?.observe { heard.values.append($0.count) }
        store?.update { $0.count = 1 }
        guard let states = store?.states else { return }
        store?.update { $0.count = 2 }
        store = nil
        var seen: [Int] = []
        for await state in states { seen.append(state.count) }
        #expect(seen == [1, 2])
        #expect(heard.values == [0, 1, 2])
        withExtendedLifetime(token) {}
    }
}
