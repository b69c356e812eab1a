import Contexts
import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// The outbox on disk: a damaged file gives up only what cannot be read, and a message reaches the
/// server only once the outbox holding it is on disk.
@MainActor
@Suite struct OutboxDurabilityTests {
    let world = TestWorld()

    var outboxURL: URL {
        world.backend.userDataStore.location(of: "alice").appendingPathComponent("outbox.json")
    }

    /// The store errors the running app reported.
    var storeErrors: [StoreError] { world.app.app?.unhandledErrors.compactMap { $0 as? StoreError } ?? [] }

    @Test func aTruncatedOutbox_keepsItsIntactFirstMessage_sendsIt_andReportsTheDamageOnce() throws {
        world.match("alice", "bob")
        try world.app.signIn("alice", "wonderland")
        world.server.isNetworkDown = true
        #expect(world.app.chat?.send("first", to: Match.id(between: "alice", and: "bob")) == nil)
        #expect(world.app.chat?.send("second", to: Match.id(between: "alice", and: "bob")) == nil)
        world.app.settle()
        world.app.terminate()
        let whole = try Data(contentsOf: outboxURL)
        try whole.prefix(whole.count - 10).write(to: outboxURL)

        world.server.isNetworkDown = false
        world.app.launch()
        world.app.advance(by: .seconds(60))
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["first"])
        #expect(storeErrors.count == 1)
        if case .quarantined(_, let movedTo, 1, _) = storeErrors.first {
            let permissions =
                try FileManager.default.attributesOfItem(atPath: movedTo)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
        } else {
            Issue.record("expected the outbox quarantined with one message recovered: \(storeErrors)")
        }
        world.app.relaunch()
        #expect(storeErrors.isEmpty)
    }

    @Test func aMessage_reachesTheServerOnlyOnceTheOutboxHoldingItIsOnDisk() throws {
        world.match("alice", "bob")
        try world.app.signIn("alice", "wonderland")
        let chat = try #require(world.app.chat)
        #expect(chat.send("hello", to: Match.id(between: "alice", and: "bob")) == nil)
        #expect(world.server.requestCount(.sendMessage) == 0)
        #expect(try world.backend.userDataStore.outbox(for: "alice").load().items.map(\.text) == ["hello"])
        world.app.settle()
        #expect(world.server.requestCount(.sendMessage) == 1)
        #expect(chat.snapshot.outboxCount == 0)
        #expect(!FileManager.default.fileExists(atPath: outboxURL.path))
    }
}
