import EmbeddedBackend
import Foundation
import Headless
import Models
import Services
import TestSupport
import Testing

/// What an earlier build kept with conversation ids of the earlier form (`m-alice-bob`) still works
/// after the update: the last place of a stored session reopens the conversation, and a message
/// waiting in the outbox reaches it.
@MainActor
@Suite struct EarlierConversationIDsTests {
    let world = TestWorld()
    var services: AppServices { world.backend.makeServices() }
    var storedSession: StoredSession? { try? services.sessionStore.load() }

    @Test func aStoredSessionsLastConversation_ofTheEarlierForm_opensOnRelaunch_andIsStoredInTheCurrentForm()
        throws
    {
        world.match("alice", "bob")
        try world.signIn()
        var stored = try #require(storedSession)
        stored.lastRoute = .chat("m-alice-bob")
        try StoreWrites.wait(on: world.backend.scheduler) {
            services.sessionStore.save(stored, completion: $0)
        }
        .get()
        let mark = world.mark
        world.app.relaunch()
        #expect(world.screens(since: mark) == [.launching, .home, .chat])
        #expect(world.app.screen?.title == "Bob")
        #expect(storedSession?.lastRoute == .chat(Match.id(between: "alice", and: "bob")))
    }

    @Test func aMessageWaitingInTheOutbox_forAnIDOfTheEarlierForm_isSentToTheConversation() throws {
        world.match("alice", "bob")
        let outbox = try services.userData.outbox(for: "alice")
        let waiting = OutgoingMessage(
            id: "tx-before-update", conversation: "m-alice-bob", text: "Sent before", createdAt: .now)
        try StoreWrites.wait(on: world.backend.scheduler) { outbox.save([waiting], completion: $0) }.get()
        try world.signIn()
        world.app.settle()
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Sent before"])
        #expect(outbox.load().items.isEmpty)
    }
}
