import Foundation
import Models
import Services
import Testing

@MainActor
@Suite struct InMemoryStoresTests {
    let session = StoredSession.alice

    @Test func sessionStore_savesLoadsAndDeletes() throws {
        let store = InMemorySessionStore()
        #expect(try store.load() == nil)
        store.save(session) { _ in }
        #expect(try store.load() == session)
        store.delete { _ in }
        #expect(try store.load() == nil)
    }

    @Test func userData_keepsEachUsersQueueAndOutbox_acrossStoresHandedOut_untilRemoved() throws {
        let store = InMemoryUserDataStore()
        let swipe = Swipe(id: "s1", candidate: "bob", action: .like, swipedAt: Date(timeIntervalSince1970: 1))
        let message = OutgoingMessage(
            id: "t1", conversation: "m-alice~bob", text: "Hi", createdAt: Date(timeIntervalSince1970: 2))
        try store.swipeQueue(for: "alice").save([swipe]) { _ in }
        try store.outbox(for: "alice").save([message]) { _ in }

        // A store handed out later (a relaunch in the same process) sees the same data; bob sees none.
        #expect(try store.swipeQueue(for: "alice").load().items == [swipe])
        #expect(try store.outbox(for: "alice").load().items == [message])
        #expect(try store.swipeQueue(for: "bob").load().items.isEmpty)
        #expect(store.hasData(for: "alice") && !store.hasData(for: "bob"))

        store.removeAll(for: "alice") { _ in }
        #expect(try store.swipeQueue(for: "alice").load().items.isEmpty)
        #expect(try store.outbox(for: "alice").load().items.isEmpty)
        #expect(!store.hasData(for: "alice"))
    }

    @Test func userData_forgetsAUserWhoseQueueAndOutboxEmptied() throws {
        let store = InMemoryUserDataStore()
        let swipe = Swipe(id: "s1", candidate: "bob", action: .pass, swipedAt: Date(timeIntervalSince1970: 1))
        try store.swipeQueue(for: "alice").save([swipe]) { _ in }
        try store.swipeQueue(for: "alice").save([]) { _ in }
        #expect(!store.hasData(for: "alice"))
    }

    @Test func userData_storesHandedOutBeforeRemoval_seeTheRemoval_andSaveWhatLaterStoresLoad() throws {
        let store = InMemoryUserDataStore()
        let message = OutgoingMessage(
            id: "t1", conversation: "m-alice~bob", text: "Hi", createdAt: Date(timeIntervalSince1970: 2))
        let outbox = try store.outbox(for: "alice")
        let queue = try store.swipeQueue(for: "alice")
        outbox.save([message]) { _ in }
        store.removeAll(for: "alice") { _ in }
        #expect(outbox.load().items.isEmpty)
        #expect(!store.hasData(for: "alice"))

        outbox.save([message]) { _ in }
        #expect(try store.outbox(for: "alice").load().items == [message])
        #expect(queue.load().items.isEmpty)
        #expect(store.hasData(for: "alice"))
        #expect(try store.outbox(for: "bob").load().items.isEmpty && !store.hasData(for: "bob"))
    }
}
