import Contexts
import Flows
import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import Services
import TestSupport
import Testing

/// Chat on a live Synapse: two engines in one process, volume, and a server crash mid-send.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixChatTests {
    @Test func twoEnginesInOneProcess_matchAndChatBothWays_withReadReceiptsAndTyping() throws {
        let pair = try MatrixPair()
        let conversation = try pair.match()
        let alice = pair.alice
        let bob = pair.bob
        #expect(alice.wait { alice.chat?.state.newMatches.map(\.id) == [conversation] })

        try bob.tap("Send a message")
        #expect(bob.screen?.id == .chat)
        try bob.type("Hi Alice!", into: "Message")
        try bob.tap("Send")
        #expect(bob.shows("You: Hi Alice!"))

        try alice.tap("Matches")
        #expect(alice.shows("Hi Alice!"))
        #expect(alice.wait { alice.chat?.state.unreadCount(with: bob.sessionState?.user?.id ?? "") == 1 })
        try alice.tap("Bob")
        #expect(alice.shows("Bob: Hi Alice!"))
        #expect(bob.shows("read"))

        try alice.type("Hello Bob", into: "Message")
        #expect(bob.shows("Alice is typing…"))
        try alice.tap("Send")
        #expect(bob.shows("Alice: Hello Bob"))
        #expect(alice.shows("You: Hello Bob"))
        #expect(alice.frontEnd.listErrors.isEmpty)
        #expect(bob.frontEnd.listErrors.isEmpty)
    }

    @Test func twoHundredMessagesEachWay_arriveExactlyOnce_onBothSides() throws {
        let pair = try MatrixPair()
        let conversation = try pair.match()
        let alice = try #require(pair.alice.chat)
        let bob = try #require(pair.bob.chat)
        #expect(pair.alice.wait { alice.state.newMatches.contains { $0.id == conversation } })
        for index in 1...200 {
            #expect(alice.send("alice \(index)", to: conversation) == nil)
            #expect(bob.send("bob \(index)", to: conversation) == nil)
        }
        let expected = Set((1...200).flatMap { ["alice \($0)", "bob \($0)"] })
        for side in [alice, bob] {
            let complete = pair.alice.wait(120) {
                side.state.outboxCount == 0 && Set(side.messages(of: conversation).map(\.text)) == expected
            }
            #expect(complete)
            let messages = side.messages(of: conversation)
            #expect(messages.count == 400, "no message twice")
            #expect(Set(messages.map(\.id)).count == messages.count)
            let own = messages.filter { $0.sender == side.me }.map(\.text)
            let prefix = side === alice ? "alice" : "bob"
            #expect(own == (1...200).map { "\(prefix) \($0)" }, "each side's messages in the order sent")
        }
    }

    @Test func synapseKilledMidSend_andRestarted_everyMessageArrivesExactlyOnce() throws {
        // A server of its own, so killing it disturbs no other test.
        // (`.synapse-crash/` in the repository, port 8009 or DISCOVER_CRASH_PORT; a server left by an
        // interrupted run is stopped.)
        let server = MatrixTestServer.script.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".synapse-crash", isDirectory: true)
        let port = ProcessInfo.processInfo.environment["DISCOVER_CRASH_PORT"].flatMap(Int.init) ?? 8009
        MatrixTestServer.control("stop", directory: server, port: port)
        defer { MatrixTestServer.control("kill", directory: server, port: port) }
        try #require(MatrixTestServer.control("start", directory: server, port: port) == 0)
        let homeserver = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let pair = try MatrixPair(homeserver: homeserver)
        let conversation = try pair.match()
        let alice = try #require(pair.alice.chat)
        let bob = try #require(pair.bob.chat)
        let knowsMatch = pair.alice.wait { alice.state.newMatches.contains { $0.id == conversation } }
        try #require(knowsMatch, "Alice's app heard of the match")
        for index in 1...60 { #expect(alice.send("crash \(index)", to: conversation) == nil) }
        // Let part of the outbox through, then crash the server in the middle of it.
        #expect(pair.alice.wait { bob.messages(of: conversation).count >= 10 })
        #expect(alice.state.outboxCount > 0, "the crash comes mid-send")
        #expect(MatrixTestServer.control("kill", directory: server, port: port) == 0)
        pair.alice.backend.scheduler.pump(for: .seconds(2))
        #expect(MatrixTestServer.control("start", directory: server, port: port) == 0)
        let expected = (1...60).map { "crash \($0)" }
        let arrived = pair.alice.wait(120) {
            alice.state.outboxCount == 0 && Set(bob.messages(of: conversation).map(\.text)) == Set(expected)
        }
        #expect(arrived)
        #expect(bob.messages(of: conversation).map(\.text).sorted() == expected.sorted(), "each exactly once")
        #expect(alice.messages(of: conversation).map(\.text) == expected)
        // What the server keeps agrees: one history, each message once.
        let services = pair.bob.backend.makeServices()
        let session = try pair.bob.backend.await {
            services.auth.signIn(Credentials(identifier: "bob", password: "correct horse"), completion: $0)
        }.get()
        let history = pair.bob.backend.await {
            services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 100, accessToken: session.tokens.accessToken,
                completion: $0)
        }
        let texts = try history.get().messages.map(\.text)
        #expect(texts.sorted() == expected.sorted())
    }
}

/// The live feed resumes from the stored `next_batch`.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixSyncResumeTests {
    @Test func aNewFeed_startsAtNow_thenResumesFromTheStoredToken_andHearsOnlyWhatCameSince() throws {
        let directory = TemporaryDirectory()
        let backend = try #require(
            MatrixTestServer.backend(directory: directory.url.appendingPathComponent("a")))
        let other = MatrixBackend(
            sharing: backend, storageDirectory: directory.url.appendingPathComponent("b"))
        let alice = try MatrixTestServer.createPerson("alice", on: backend).get()
        let bob = try MatrixTestServer.createPerson("bob", on: other).get()
        let aliceServices = backend.makeServices()
        let bobServices = other.makeServices()
        let like = { (services: AppServices, from: AuthSession, to: AuthSession) in
            _ = backend.await {
                services.discovery.sendSwipe(
                    Swipe(
                        id: "s-\(UUID().uuidString)", candidate: to.user.id, action: .like, swipedAt: Date()),
                    accessToken: from.tokens.accessToken, completion: $0)
            }
        }
        like(aliceServices, alice, bob)
        like(bobServices, bob, alice)
        let conversation = Match.id(between: alice.user.id, and: bob.user.id)
        let send = { (text: String) in
            _ = other.await {
                bobServices.chat.sendMessage(
                    OutgoingMessage(
                        id: "t-\(UUID().uuidString)", conversation: conversation, text: text,
                        createdAt: Date()),
                    accessToken: bob.tokens.accessToken, completion: $0)
            }
        }

        send("before")
        var first: [ChatEvent] = []
        let feed = aliceServices.chat.subscribe(accessToken: alice.tokens.accessToken) { first.append($0) }
        // The first sync only finds "now" and stores its token; what came before is not news.
        let store = MatrixSyncTokenStore(directory: backend.storageDirectory.appendingPathComponent("sync"))
        let started = backend.wait(until: { store.token(of: alice.user.id.rawValue) != nil })
        #expect(started)
        send("live")
        let heardLive = backend.wait(until: { Self.texts(first).contains("live") })
        #expect(heardLive)
        #expect(Self.texts(first) == ["live"], "the message from before the feed is the list's, not news")
        feed.cancel()

        send("while away 1")
        send("while away 2")
        var second: [ChatEvent] = []
        let resumed = backend.makeServices().chat.subscribe(accessToken: alice.tokens.accessToken) {
            second.append($0)
        }
        defer { resumed.cancel() }
        let heardBoth = backend.wait(until: { Self.texts(second).count >= 2 })
        #expect(heardBoth)
        let resumedTexts = Self.texts(second)
        #expect(resumedTexts == ["while away 1", "while away 2"], "only what came since the stored token")
    }

    private static func texts(_ events: [ChatEvent]) -> [String] {
        events.compactMap { event -> String? in
            if case .messageReceived(let message) = event { message.text } else { nil }
        }
    }
}
