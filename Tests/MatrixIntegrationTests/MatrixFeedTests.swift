import Foundation
import MatrixBackend
import Models
import Services
import TestSupport
import Testing

/// The live feed among other clients: gaps, token expiry, and where it starts.
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixFeedTests {
    /// What the renewal in a test hands out, and how often it was asked.
    @MainActor final class Renewals {
        var count = 0
    }

    @Test func aGappySync_isFilled_everyOfflineMessageArrivesInOrder() throws {
        let world = try MatrixMembershipWorld()
        let erin = try world.foreign("erin")
        let (room, _) = try world.match(with: erin)
        let store = MatrixSyncTokenStore(
            directory: world.backend.storageDirectory.appendingPathComponent("sync"))
        var first: [ChatEvent] = []
        let feed = world.services.chat.subscribe(accessToken: world.token) { first.append($0) }
        let waited1 = world.backend.wait(until: { store.token(of: world.me) != nil })
        #expect(waited1)
        feed.cancel()

        // While the app is closed, far more arrives than one sync's timeline holds.
        let expected = (1...150).map { "offline \($0)" }
        for text in expected { try erin.send(text: text, to: room) }

        var second: [ChatEvent] = []
        let resumed = world.backend.makeServices().chat.subscribe(accessToken: world.token) {
            second.append($0)
        }
        defer { resumed.cancel() }
        let waited2 = world.backend.wait(
            until: { MatrixMembershipWorld.texts(second).count >= 150 }, timeout: .seconds(60))
        #expect(waited2)
        #expect(MatrixMembershipWorld.texts(second) == expected, "all of them, once, in order")
    }

    @Test func anAccessTokenExpiringUnderTheFeed_isRenewed_andTheFeedResumesWithoutAGap() throws {
        // A server of its own whose access tokens live 15 seconds (in a fresh folder; port 8010, or
        // DISCOVER_EXPIRY_PORT), so the token can expire under a running feed.
        let folder = TemporaryDirectory()
        let port = ProcessInfo.processInfo.environment["DISCOVER_EXPIRY_PORT"].flatMap(Int.init) ?? 8010
        let settings = ["SYNAPSE_TOKEN_LIFETIME": "15s"]
        defer { MatrixTestServer.control("kill", directory: folder.url, port: port) }
        try #require(
            MatrixTestServer.control("start", directory: folder.url, port: port, environment: settings) == 0)
        let homeserver = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let world = try MatrixMembershipWorld(homeserver: homeserver)
        let finn = try world.foreign("finn")
        let (room, _) = try world.match(with: finn)
        let signedIn = try world.backend.await {
            world.services.auth.signIn(
                Credentials(identifier: "alice", password: "correct horse"), completion: $0)
        }.get()
        // The session's authorizer, as the feed sees it: one refresh for the expired token.
        let authorizer = Renewals()
        let auth = world.services.auth
        let renewal: AccessTokenRenewal = { expired, completion in
            authorizer.count += 1
            guard expired == signedIn.tokens.accessToken, let refreshToken = signedIn.tokens.refreshToken
            else {
                return completion(.failure(.tokenRevoked))
            }
            auth.refresh(refreshToken: refreshToken) { result in completion(result.map(\.accessToken)) }
        }
        var events: [ChatEvent] = []
        let feed = world.services.chat.subscribe(accessToken: signedIn.tokens.accessToken, renewal: renewal) {
            events.append($0)
        }
        defer { feed.cancel() }
        try finn.send(text: "before", to: room)
        let heardBefore = world.backend.wait(until: { MatrixMembershipWorld.texts(events) == ["before"] })
        #expect(heardBefore)

        // The feed's token expires; what is sent meanwhile and after is heard, once, in order.
        world.backend.scheduler.pump(for: .seconds(16))
        try finn.send(text: "during", to: room)
        world.backend.scheduler.pump(for: .seconds(1))
        try finn.send(text: "after", to: room)
        let heardAll = world.backend.wait(
            until: { MatrixMembershipWorld.texts(events).count >= 3 }, timeout: .seconds(60))
        #expect(heardAll)
        #expect(MatrixMembershipWorld.texts(events) == ["before", "during", "after"])
        #expect(authorizer.count == 1)
    }

    @Test func theFeed_startsFromTheListsToken_soNothingBetweenIsLost() throws {
        let world = try MatrixMembershipWorld()
        let gus = try world.foreign("gus")
        let (room, _) = try world.match(with: gus)
        _ = try world.backend.await {
            world.services.chat.fetchConversations(accessToken: world.token, completion: $0)
        }.get()
        // Sent after the list loaded and before the feed's first sync.
        try gus.send(text: "in between", to: room)
        var events: [ChatEvent] = []
        let feed = world.services.chat.subscribe(accessToken: world.token) { events.append($0) }
        defer { feed.cancel() }
        let waited5 = world.backend.wait(until: { MatrixMembershipWorld.texts(events) == ["in between"] })
        #expect(waited5)
    }
}
