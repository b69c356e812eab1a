import Contexts
import Testing

/// A store compares the state after a change with the state before it, and notifies exactly when
/// the two differ.
@MainActor
@Suite struct StateStoreComparisonTests {
    struct Rows: Equatable, Sendable {
        var titles: [String] = []
        var note = ""
    }

    @Test func aRebuiltEqualState_notifiesNobody_aDifferentOneNotifiesOnce() {
        let store = StateStore(Rows(titles: ["a", "b"], note: "n"))
        let heard = Recorder<Rows>()
        let token = store.observe { heard.values.append($0) }
        // Equal, in new storage: nothing to tell.
        store.update { $0 = Rows(titles: ["a"] + ["b"], note: String("n")) }
        #expect(heard.values.count == 1)
        store.update { $0.titles[1] = "c" }
        #expect(heard.values == [Rows(titles: ["a", "b"], note: "n"), Rows(titles: ["a", "c"], note: "n")])
        // Changed and changed back inside one batch: equal to the stored state.
        store.batch {
            store.update { $0.note = "m" }
            store.update { $0.note = "n" }
        }
        #expect(heard.values.count == 2)
        #expect(store.snapshot == Rows(titles: ["a", "c"], note: "n"))
        withExtendedLifetime(token) {}
    }

    @Test func anObserverSettingTheSameState_isNotToldAgain() {
        let store = StateStore(Rows())
        let heard = Recorder<Rows>()
        let token = store.observe { [weak store] rows in
            heard.values.append(rows)
            store?.update { $0 = rows }
        }
        store.update { $0.note = "x" }
        #expect(heard.values == [Rows(), Rows(note: "x")])
        withExtendedLifetime(token) {}
    }
}
