import Observation
import Synchronization
import Testing

@testable import Contexts

/// The store's paths that change the stored state without a separate optional draft: updates inside
/// a batch (through the batch's draft), in-place updates and in-place reads.
@MainActor
@Suite struct StateStoreInPlaceTests {
    @Test func updatesInABatch_seeEachOther_andReadTheDraftBetweenThem_withOneNotification() {
        let store = StateStore([1])
        let heard = Recorder<[Int]>()
        let token = store.observe { heard.values.append($0) }
        var seenBetween: [Int] = []
        store.batch {
            store.update { $0.append(2) }
            seenBetween = store.current
            store.update { $0.append(3) }
            store.batch { store.update { $0.append(4) } }
        }
        #expect(seenBetween == [1, 2])
        #expect(heard.values == [[1], [1, 2, 3, 4]])
        #expect(store.current == [1, 2, 3, 4])
        withExtendedLifetime(token) {}
    }

    @Test func aBatchWithoutUpdates_orEndingEqual_notifiesNobody() {
        let store = StateStore(7)
        let heard = Recorder<Int>()
        let token = store.observe { heard.values.append($0) }
        store.batch {}
        store.batch {
            store.update { $0 = 8 }
            store.update { $0 = 7 }
        }
        #expect(heard.values == [7])
        withExtendedLifetime(token) {}
    }

    @Test func anObserverUpdatingDuringDelivery_isAnOutermostUpdate_andEveryoneEndsOnTheLatest() {
        let store = StateStore(0)
        let heard = Recorder<Int>()
        let first = store.observe { value in if value == 1 { store.update { $0 = 2 } } }
        let second = store.observe { heard.values.append($0) }
        store.batch { store.update { $0 = 1 } }
        #expect(store.snapshot == 2)
        #expect(heard.values.last == 2)
        withExtendedLifetime((first, second)) {}
    }

    @Test func anInPlaceUpdate_notifiesOnce_andTellsObservationScopes() {
        let store = StateStore(["a": 1])
        let heard = Recorder<[String: Int]>()
        let token = store.observe { heard.values.append($0) }
        let changes = ChangeCounter()
        changes.track { _ = store.state }
        store.updateChangingInPlace { $0["b"] = 2 }
        #expect(heard.values == [["a": 1], ["a": 1, "b": 2]])
        #expect(store.snapshot == ["a": 1, "b": 2])
        #expect(changes.count.load(ordering: .relaxed) == 1)
        withExtendedLifetime(token) {}
    }

    @Test func anInPlaceUpdateInsideABatch_isAnOrdinaryUpdate_comparedAtTheEnd() {
        let store = StateStore(1)
        let heard = Recorder<Int>()
        let token = store.observe { heard.values.append($0) }
        store.batch {
            store.updateChangingInPlace { $0 = 5 }
            store.update { $0 = 1 }
        }
        #expect(heard.values == [1])
        withExtendedLifetime(token) {}
    }

    @Test func inspect_readsTheStoredState_notABatchDraft() {
        let store = StateStore("stored")
        var read = ""
        store.batch {
            store.update { $0 = "draft" }
            read = store.inspect { $0 }
        }
        #expect(read == "stored")
        #expect(store.inspect { $0 } == "draft")
    }
}
