import Foundation
import Models
import Services
import Testing

@Suite struct InMemoryStoresTests {
    let session = StoredSession.alice

    @Test func sessionStore_savesLoadsAndDeletes() throws {
        let store = InMemorySessionStore()
        #expect(try store.load() == nil)
        try store.save(session)
        #expect(try store.load() == session)
        try store.delete()
        #expect(try store.load() == nil)
    }

    @Test func userData_keepsEachUsersQueueAndOutbox_acrossStoresHandedOut_untilRemoved() throws {
        let store = InMemoryUserDataStore()
        let swipe = Swipe(id: "s1", candidate: "bob", action: .like, swipedAt: Date(timeIntervalSince1970: 1))
        let message = OutgoingMessage(
            id: "t1", conversation: "m-alice-bob", text: "Hi", createdAt: Date(timeIntervalSince1970: 2))
        try store.swipeQueue(for: "alice").save([swipe])
        try store.outbox(for: "alice").save([message])

        // A store handed out later (a relaunch in the same process) sees the same data; bob sees none.
        #expect(try store.swipeQueue(for: "alice").load() == [swipe])
        #expect(try store.outbox(for: "alice").load() == [message])
        #expect(try store.swipeQueue(for: "bob").load().isEmpty)
        #expect(store.hasData(for: "alice") && !store.hasData(for: "bob"))

        try store.removeAll(for: "alice")
        #expect(try store.swipeQueue(for: "alice").load().isEmpty)
        #expect(try store.outbox(for: "alice").load().isEmpty)
        #expect(!store.hasData(for: "alice"))
    }

    @Test func userData_forgetsAUserWhoseQueueAndOutboxEmptied() throws {
        let store = InMemoryUserDataStore()
        let swipe = Swipe(id: "s1", candidate: "bob", action: .pass, swipedAt: Date(timeIntervalSince1970: 1))
        try store.swipeQueue(for: "alice").save([swipe])
        try store.swipeQueue(for: "alice").save([])
        #expect(!store.hasData(for: "alice"))
    }

    @Test func userData_storesHandedOutBeforeRemoval_seeTheRemoval_andSaveWhatLaterStoresLoad() throws {
        let store = InMemoryUserDataStore()
        let message = OutgoingMessage(
            id: "t1", conversation: "m-alice-bob", text: "Hi", createdAt: Date(timeIntervalSince1970: 2))
        let outbox = try store.outbox(for: "alice")
        let queue = try store.swipeQueue(for: "alice")
        try outbox.save([message])
        try store.removeAll(for: "alice")
        #expect(try outbox.load().isEmpty)
        #expect(!store.hasData(for: "alice"))

        try outbox.save([message])
        #expect(try store.outbox(for: "alice").load() == [message])
        #expect(try queue.load().isEmpty)
        #expect(store.hasData(for: "alice"))
        #expect(try store.outbox(for: "bob").load().isEmpty && !store.hasData(for: "bob"))
    }
}
