import Synchronization
import Testing

@testable import Contexts

/// The store's in-place batch: the updates change the stored state itself, observers hear once, and
/// a snapshot handed out before is never changed by it.
@MainActor
@Suite struct StateStoreInPlaceBatchTests {
    @Test func updatesInAnInPlaceBatch_seeEachOther_withOneNotification() {
        let store = StateStore([1])
        let heard = Recorder<[Int]>()
        let token = store.observe { heard.values.append($0) }
        var seenBetween: [Int] = []
        store.batchChangingInPlace {
            store.update { $0.append(2) }
            seenBetween = store.current
            store.update { $0.append(3) }
            store.batch { store.update { $0.append(4) } }
        }
        #expect(seenBetween == [1, 2])
        #expect(heard.values == [[1], [1, 2, 3, 4]])
        #expect(store.snapshot == [1, 2, 3, 4])
        withExtendedLifetime(token) {}
    }

    @Test func aSnapshotAnObserverKept_isNotChangedByTheNextInPlaceBatch() {
        let store = StateStore([1, 2, 3])
        let heard = Recorder<[Int]>()
        let token = store.observe { heard.values.append($0) }
        let kept = store.snapshot
        store.batchChangingInPlace { store.update { $0.removeFirst() } }
        store.batchChangingInPlace { store.update { $0[0] = 9 } }
        #expect(kept == [1, 2, 3])
        #expect(heard.values == [[1, 2, 3], [2, 3], [9, 3]])
        #expect(store.snapshot == [9, 3])
        withExtendedLifetime(token) {}
    }

    @Test func anInPlaceBatchInsideAnotherBatch_isPartOfIt() {
        let store = StateStore(0)
        let heard = Recorder<Int>()
        let token = store.observe { heard.values.append($0) }
        store.batch {
            store.update { $0 = 1 }
            store.batchChangingInPlace { store.update { $0 += 1 } }
            store.update { $0 += 1 }
        }
        #expect(heard.values == [0, 3])
        withExtendedLifetime(token) {}
    }

    @Test func anInPlaceBatch_whileObservationTracks_tellsTheScope() {
        let store = StateStore(["a": 1])
        let heard = Recorder<[String: Int]>()
        let token = store.observe { heard.values.append($0) }
        let changes = ChangeCounter()
        changes.track { _ = store.state }
        store.batchChangingInPlace { store.update { $0["b"] = 2 } }
        #expect(heard.values == [["a": 1], ["a": 1, "b": 2]])
        #expect(changes.count.load(ordering: .relaxed) == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aScopeThatStartsTrackingInsideAnInPlaceBatch_isToldOfTheChange_asInAPlainBatch() {
        func told(inPlace: Bool) -> Int {
            let store = StateStore(0)
            let changes = ChangeCounter()
            let body = {
                changes.track { _ = store.state }
                store.update { $0 = 1 }
            }
            if inPlace { store.batchChangingInPlace(body) } else { store.batch(body) }
            #expect(store.snapshot == 1)
            return changes.count.load(ordering: .relaxed)
        }
        #expect(told(inPlace: true) == 1)
        #expect(told(inPlace: false) == 1)
    }

    @Test func anObserverSwipingDuringDelivery_afterAnInPlaceBatch_endsOnTheLatest() {
        let store = StateStore(0)
        let heard = Recorder<Int>()
        let first = store.observe { value in
            if value == 1 { store.batchChangingInPlace { store.update { $0 = 2 } } }
        }
        let second = store.observe { heard.values.append($0) }
        store.batchChangingInPlace { store.update { $0 = 1 } }
        #expect(store.snapshot == 2)
        #expect(heard.values.last == 2)
        withExtendedLifetime((first, second)) {}
    }
}
