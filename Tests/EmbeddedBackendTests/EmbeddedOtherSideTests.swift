import EmbeddedBackend
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The other side's repertoire on the embedded server: Bob edits and deletes his messages, blocks
/// Alice and takes back a like, and Alice's app hears of it as it hears of the same on Matrix.
@MainActor
@Suite struct EmbeddedOtherSideTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let token: String
    var server: EmbeddedServer { backend.server }
    let conversation = Match.id(between: "alice", and: "bob")

    init() throws {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        let sessions = Collector<AuthSession>()
        EmbeddedAuthService(server: backend.server).signIn(
            Credentials(identifier: "alice", password: "wonderland"), completion: sessions.completion)
        backend.scheduler.runDue()
        token = try #require(try sessions.last?.get().tokens.accessToken)
    }

    func match() {
        server.like(from: "alice", to: "bob")
        server.like(from: "bob", to: "alice")
    }

    /// What a live feed heard.
    @MainActor final class Heard {
        var events: [ChatEvent] = []
    }

    /// Alice's live feed while `body` runs: the events it heard.
    func events(during body: () throws -> Void) rethrows -> [ChatEvent] {
        let heard = Heard()
        let feed = EmbeddedChatService(server: server).subscribe(accessToken: token) {
            heard.events.append($0)
        }
        defer { feed.cancel() }
        backend.scheduler.runDue()
        try body()
        backend.scheduler.runDue()
        return heard.events
    }

    func aliceUnread() throws -> Int? {
        let lists = Collector<[ConversationSummary]>()
        EmbeddedChatService(server: server).fetchConversations(
            accessToken: token, completion: lists.completion)
        backend.scheduler.runDue()
        return try #require(try lists.last?.get()).first { $0.match.id == conversation }?.unreadCount
    }

    @Test func anEdit_changesTheNewestMessageWithThatText_marksItEdited_andReachesTheOtherSide() throws {
        match()
        try server.sendMessage(from: "bob", to: "alice", "hi")
        let second = try server.sendMessage(from: "bob", to: "alice", "hi")
        backend.scheduler.advance(by: .seconds(3))
        let heard = try events { try server.editMessage(by: "bob", with: "alice", from: "hi", to: "hello") }
        let messages = server.messages(between: "alice", and: "bob")
        #expect(messages.map(\.text) == ["hi", "hello"])
        #expect(messages[0].editedAt == nil)
        #expect(messages[1].editedAt == backend.scheduler.now)
        guard case .messageReceived(let edited)? = heard.last else {
            Issue.record("no edit heard: \(heard)")
            return
        }
        #expect(edited.id == second.id)
        #expect(edited.text == "hello")
        #expect(edited.editedAt != nil)
    }

    @Test func aDeletion_removesTheMessage_tellsTheOtherSide_andItNoLongerCountsAsUnread() throws {
        match()
        try server.sendMessage(from: "bob", to: "alice", "hi")
        let oops = try server.sendMessage(from: "bob", to: "alice", "oops")
        #expect(try aliceUnread() == 2)
        let heard = try events { try server.deleteMessage(by: "bob", with: "alice", "oops") }
        #expect(server.messages(between: "alice", and: "bob").map(\.text) == ["hi"])
        #expect(heard.contains(.messageRemoved(conversation: conversation, id: oops.id)))
        #expect(try aliceUnread() == 1)
    }

    @Test func aDeletionOfAMessageAlreadyRead_leavesTheUnreadCountAlone() throws {
        match()
        try server.sendMessage(from: "bob", to: "alice", "hi")
        server.markRead(by: "alice", with: "bob")
        try server.sendMessage(from: "bob", to: "alice", "later")
        try server.deleteMessage(by: "bob", with: "alice", "hi")
        #expect(try aliceUnread() == 1)
    }

    @Test func editsAndDeletions_ofNoSuchMessage_orAfterTheMatchEnded_areRefused() throws {
        match()
        try server.sendMessage(from: "bob", to: "alice", "hi")
        #expect(throws: ServiceError.notFound) {
            try server.editMessage(by: "bob", with: "alice", from: "hello", to: "hey")
        }
        #expect(throws: ServiceError.notFound) { try server.deleteMessage(by: "alice", with: "bob", "hi") }
        server.unmatch(by: "alice", with: "bob")
        #expect(throws: ServiceError.rejected("This match has ended.")) {
            try server.deleteMessage(by: "bob", with: "alice", "hi")
        }
        #expect(server.messages(between: "alice", and: "bob").map(\.text) == ["hi"])
    }

    @Test func aBlock_endsTheMatch_andALikeBetweenTheTwoNoLongerMakesOne() throws {
        match()
        let heard = events { server.unmatch(by: "bob", with: "alice", block: true) }
        #expect(heard == [.unmatched(conversation: conversation)])
        server.like(from: "bob", to: "alice")
        #expect(server.matches(of: "alice").isEmpty)
        // An unmatch alone lets the two match again.
        server.like(from: "carol", to: "alice")
        server.like(from: "alice", to: "carol")
        server.unmatch(by: "carol", with: "alice")
        server.like(from: "carol", to: "alice")
        #expect(server.matches(of: "alice").map(\.user) == ["carol"])
    }

    @Test func aLikeTakenBack_isNoLongerShown_andLikingBackMakesNoMatch() throws {
        server.like(from: "carol", to: "alice", superLike: true)
        try server.withdrawLike(from: "carol", to: "alice")
        #expect(!server.receivedSuperLike("alice", from: "carol"))
        #expect(server.recordedSwipe(by: "carol", on: "alice") == nil)
        server.like(from: "alice", to: "carol")
        #expect(server.matches(of: "alice").isEmpty)
    }

    @Test func takingBackALike_thatMadeAMatchOrWasNeverMade_isRefused() throws {
        #expect(throws: ServiceError.notFound) { try server.withdrawLike(from: "carol", to: "alice") }
        match()
        #expect(throws: ServiceError.rejected("The like made a match: unmatch instead.")) {
            try server.withdrawLike(from: "bob", to: "alice")
        }
        #expect(server.matches(of: "alice").map(\.user) == ["bob"])
    }
}
