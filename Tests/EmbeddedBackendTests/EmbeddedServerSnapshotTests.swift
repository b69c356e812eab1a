import EmbeddedBackend
import Foundation
import Models
import Services
import Synchronization
import Testing

/// A world saved as a snapshot and restored: the same accounts (passwords and tokens working), the
/// same matches, messages, receipts and blocks; a file that is not a snapshot is a typed error.
@MainActor
@Suite struct EmbeddedServerSnapshotTests {
    let clock = VirtualScheduler(now: EmbeddedBackend.demoStart)

    /// A world where alice and bob matched and chatted (an edit, a deletion, a read), carol blocked
    /// dave, and alice is signed in.
    func chattingWorld() throws -> (server: EmbeddedServer, alice: AuthSession) {
        let server = EmbeddedServer(scheduler: clock)
        server.addDemoAccounts()
        try server.addAccount(
            username: "Erin", password: "secret-erin", displayName: "Erin",
            birthDate: Date(timeIntervalSince1970: 631_152_000), email: "erin@example.com")
        server.like(from: "alice", to: "bob")
        server.like(from: "bob", to: "alice")
        try server.sendMessage(from: "bob", to: "alice", "Hi Alice")
        try server.sendMessage(from: "alice", to: "bob", "Hi Bob")
        try server.sendMessage(from: "bob", to: "alice", "typo")
        try server.editMessage(by: "bob", with: "alice", from: "Hi Alice", to: "Hello Alice")
        try server.deleteMessage(by: "bob", with: "alice", "typo")
        server.markRead(by: "bob", with: "alice")
        server.like(from: "carol", to: "dave")
        server.like(from: "dave", to: "carol")
        server.unmatch(by: "carol", with: "dave", block: true)
        let alice = try #require(try signIn("alice", "wonderland", on: server)?.get())
        return (server, alice)
    }

    @Test func aWorldSavedAndRestored_hasTheSameAccountsMatchesAndMessages() throws {
        let (server, alice) = try chattingWorld()
        let saved = try server.snapshot().encoded()
        let restored = try EmbeddedServer(
            restoring: try EmbeddedServer.Snapshot(decoding: saved), scheduler: clock)

        #expect(restored.snapshot() == server.snapshot())
        #expect(restored.snapshot().accountCount == 5)
        #expect(restored.profile(of: "erin") == server.profile(of: "erin"))
        #expect(restored.matches(of: "alice").map(\.user) == ["bob"])
        #expect(restored.matches(of: "carol").isEmpty)
        #expect(restored.isBlocked("carol", "dave"))
        let messages = restored.messages(between: "alice", and: "bob")
        #expect(messages == server.messages(between: "alice", and: "bob"))
        #expect(messages.map(\.text) == ["Hello Alice", "Hi Bob"])
        #expect(messages.first?.editedAt != nil)
        // Passwords are checked against the kept hashes; the token issued before still works.
        #expect(try signIn("erin@example.com", "secret-erin", on: restored)?.get().user.id == "erin")
        #expect(signIn("erin", "wrong", on: restored) == .failure(.invalidCredentials))
        let user = Collector<User>()
        EmbeddedAuthService(server: restored).validate(
            accessToken: alice.tokens.accessToken, completion: user.completion)
        clock.runDue()
        #expect(user.last.map { try? $0.get().id } == "alice")
        // A restored server goes on issuing tokens it never issued before.
        let again = try #require(try signIn("alice", "wonderland", on: restored)?.get())
        #expect(again.tokens.accessToken != alice.tokens.accessToken)
    }

    @Test func aSnapshotThatIsNotJSON_orOfAnotherVersion_orTooLarge_isATypedError() throws {
        let saved = try chattingWorld().server.snapshot().encoded()
        #expect(throws: EmbeddedServer.SnapshotError.unreadable("it is not JSON with a version")) {
            try EmbeddedServer.Snapshot(decoding: saved.prefix(saved.count / 2))
        }
        #expect(throws: EmbeddedServer.SnapshotError.unsupportedVersion(2)) {
            try EmbeddedServer.Snapshot(decoding: Data(#"{"version":2,"anything":true}"#.utf8))
        }
        let large = Data(count: EmbeddedServer.Snapshot.maximumBytes + 1)
        #expect(
            throws: EmbeddedServer.SnapshotError.tooLarge(
                bytes: large.count, limit: EmbeddedServer.Snapshot.maximumBytes)
        ) { try EmbeddedServer.Snapshot(decoding: large) }
        #expect(throws: EmbeddedServer.SnapshotError.self) {
            try EmbeddedServer.Snapshot(decoding: Data(#"{"version":1}"#.utf8))
        }
    }

    @Test func aSnapshotWhosePartsDisagree_isInconsistent() throws {
        let saved = try chattingWorld().server.snapshot().encoded()
        var json = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        var accounts = try #require(json["accounts"] as? [[String: Any]])
        accounts.append(accounts[0])
        json["accounts"] = accounts
        let tampered = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: EmbeddedServer.SnapshotError.inconsistent("the account 'alice' appears twice")) {
            try EmbeddedServer.Snapshot(decoding: tampered)
        }
    }

    @Test func anAnswer_leavesOnlyOnceTheStoreKeptTheChangeThatMadeIt() throws {
        let store = HoldingStore()
        let fresh = EmbeddedServer(scheduler: clock)
        fresh.addDemoAccounts()
        let server = try EmbeddedServer(restoring: fresh.snapshot(), scheduler: clock, store: store)
        let collector = Collector<AuthSession>()
        EmbeddedAuthService(server: server).signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: collector.completion)
        clock.runDue()
        #expect(collector.results.isEmpty)
        // What the store keeps holds the change: the token the answer will carry.
        let kept = try #require(store.keepAll().first)
        clock.runDue()
        let session = try #require(try collector.last?.get())
        let restored = try EmbeddedServer(restoring: kept, scheduler: clock)
        let user = Collector<User>()
        EmbeddedAuthService(server: restored).validate(
            accessToken: session.tokens.accessToken, completion: user.completion)
        clock.runDue()
        #expect(user.last.map { try? $0.get().id } == "alice")
    }

    private func signIn(_ identifier: String, _ password: String, on server: EmbeddedServer)
        -> Result<AuthSession, ServiceError>?
    {
        let collector = Collector<AuthSession>()
        EmbeddedAuthService(server: server).signIn(
            Credentials(identifier: identifier, password: password), completion: collector.completion)
        clock.runDue()
        return collector.last
    }
}

/// A store that keeps nothing until told: each change waits in ``held`` with its release.
final class HoldingStore: EmbeddedServerStore {
    private let held = Mutex<[(snapshot: @Sendable () -> EmbeddedServer.Snapshot, release: ScheduledWork)]>([]
    )

    func keep(
        _ snapshot: @escaping @Sendable () -> EmbeddedServer.Snapshot, then release: @escaping ScheduledWork
    ) {
        held.withLock { $0.append((snapshot, release)) }
    }

    /// Takes every held snapshot and releases what waited for it, in order; answers the snapshots.
    @MainActor
    func keepAll() -> [EmbeddedServer.Snapshot] {
        let waiting = held.withLock { held in
            defer { held = [] }
            return held
        }
        return waiting.map { change in
            let snapshot = change.snapshot()
            change.release()
            return snapshot
        }
    }
}
