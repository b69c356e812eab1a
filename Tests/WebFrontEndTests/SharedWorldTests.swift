import Foundation
import TestSupport
import Testing
import WebFrontEnd

/// `discover serve` on the embedded backend: every browser session shares one world, so two people
/// in two browsers match and chat live; with a data folder, a restarted server finds the world and
/// both sessions as they were.
@Suite struct SharedWorldTests {
    let web = WebHarness()

    @Test func twoBrowsers_signedInAsTwoPeople_matchAndChatBothWays() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let alice = try await web.createSession(port)
        let carol = try await web.createSession(port)
        try await signIn(alice, as: "alice", password: "wonderland", port: port)
        try await signIn(carol, as: "carol", password: "christmas1", port: port)
        // Carol is the first card of Alice's deck: Alice likes her.
        #expect(await topCard(alice, port) == "Carol")
        #expect(await web.post(port, alice, #"{"type":"tap","action":"deck:like"}"#)?.status == 200)
        // Carol swipes her deck until Alice is on top, then likes her back: a match for both.
        var passes = 0
        while await topCard(carol, port) != "Alice", passes < 10 {
            #expect(await web.post(port, carol, #"{"type":"tap","action":"deck:pass"}"#)?.status == 200)
            passes += 1
        }
        #expect(await topCard(carol, port) == "Alice")
        #expect(await web.post(port, carol, #"{"type":"tap","action":"deck:like"}"#)?.status == 200)
        try await chatBothWays(alice, carol, port: port)
        await server.stop()
    }

    @Test func aServerRestartedOnItsDataFolder_findsBothSessions_signedIn_withTheirMatchAndEveryMessage()
        async throws
    {
        let folder = TemporaryDirectory()
        let options = ServeOptions(port: 0, dataDirectory: folder.url.appendingPathComponent("data"))
        let first = try await MainActor.run { try WebServer(options: options) }
        await first.start()
        var port = await first.port
        let alice = try await web.createSession(port)
        let carol = try await web.createSession(port)
        try await signIn(alice, as: "alice", password: "wonderland", port: port)
        try await signIn(carol, as: "carol", password: "christmas1", port: port)
        try await swipe(alice, until: "Carol", port: port)
        #expect(await web.post(port, alice, #"{"type":"tap","action":"deck:like"}"#)?.status == 200)
        try await swipe(carol, until: "Alice", port: port)
        #expect(await web.post(port, carol, #"{"type":"tap","action":"deck:like"}"#)?.status == 200)
        try await chatBothWays(alice, carol, port: port)
        await first.stop()

        let second = try await MainActor.run { try WebServer(options: options) }
        await second.start()
        port = await second.port
        let world = try #require(await second.sessions.world)
        #expect(world.matches(of: "alice").map(\.user) == ["carol"])
        #expect(world.messages(between: "alice", and: "carol").map(\.text) == ["Hi Alice", "Hi Carol"])
        // Each browser comes back with its session id: signed in, its match and every message there.
        for session in [alice, carol] {
            // It shows where it was (the conversation), or home with the match to open.
            #expect(
                await web.eventually { ["home", "chat"].contains(web.topScreen(await view(session, port))) })
            if web.topScreen(await view(session, port)) == "home" {
                #expect(
                    await web.post(port, session, #"{"type":"tap","action":"tab:matches"}"#)?.status == 200)
                let open = try #require(await firstOpenAction(session, port))
                #expect(await web.post(port, session, #"{"type":"tap","action":"\#(open)"}"#)?.status == 200)
            }
            #expect(
                await web.eventually {
                    let shown = await text(of: session, port)
                    return shown.contains("Hi Alice") && shown.contains("Hi Carol")
                })
        }
        // An id the server never made names no folder.
        let stranger = await TestHTTPClient.request(port: port, "GET", "/api/sessions/..%2F..%2Fetc/view")
        #expect(stranger?.status == 404)
        await second.stop()
    }

    // MARK: Helpers

    /// Once Carol liked Alice back: the match shows on Carol's side; Carol writes from it, Alice sees
    /// it in her matches list, opens it and answers, and Carol sees the answer.
    private func chatBothWays(_ alice: String, _ carol: String, port: UInt16) async throws {
        #expect(await web.eventually { web.topScreen(await view(carol, port)) == "match" })
        #expect(await web.post(port, carol, #"{"type":"tap","action":"match:message"}"#)?.status == 200)
        #expect(await web.eventually { web.topScreen(await view(carol, port)) == "chat" })
        try await send("Hi Alice", in: carol, port: port)
        #expect(await web.post(port, alice, #"{"type":"tap","action":"tab:matches"}"#)?.status == 200)
        #expect(await web.eventually { await text(of: alice, port).contains("Hi Alice") })
        let open = try #require(await firstOpenAction(alice, port))
        #expect(await web.post(port, alice, #"{"type":"tap","action":"\#(open)"}"#)?.status == 200)
        #expect(await web.eventually { web.topScreen(await view(alice, port)) == "chat" })
        try await send("Hi Carol", in: alice, port: port)
        #expect(await web.eventually { await text(of: carol, port).contains("Hi Carol") })
    }

    /// Passes cards until `name`'s is on top (at most 20).
    private func swipe(_ session: String, until name: String, port: UInt16) async throws {
        var passes = 0
        while await topCard(session, port) != name, passes < 20 {
            #expect(await web.post(port, session, #"{"type":"tap","action":"deck:pass"}"#)?.status == 200)
            passes += 1
        }
        #expect(await topCard(session, port) == name)
    }

    private func signIn(_ session: String, as name: String, password: String, port: UInt16) async throws {
        for intent in [
            #"{"type":"tap","action":"logIn"}"#, #"{"type":"edit","field":"username","value":"\#(name)"}"#,
            #"{"type":"edit","field":"password","value":"\#(password)"}"#,
            #"{"type":"tap","action":"submit"}"#,
        ] {
            #expect(await web.post(port, session, intent)?.status == 200)
        }
        #expect(await web.eventually { web.topScreen(await view(session, port)) == "home" })
    }

    private func send(_ message: String, in session: String, port: UInt16) async throws {
        #expect(
            await web.post(port, session, #"{"type":"edit","field":"message","value":"\#(message)"}"#)?.status
                == 200)
        #expect(await web.post(port, session, #"{"type":"tap","action":"chat:send"}"#)?.status == 200)
    }

    /// The first "open:<conversation>" action the view offers (a row of the matches list).
    private func firstOpenAction(_ session: String, _ port: UInt16) async -> String? {
        let body = await text(of: session, port)
        guard let start = body.range(of: #""open:"#) else { return nil }
        let rest = body[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return "open:" + rest[..<end]
    }

    private func view(_ session: String, _ port: UInt16) async -> [String: Any] {
        await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.json ?? [:]
    }

    private func text(of session: String, _ port: UInt16) async -> String {
        guard let answer = await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")
        else { return "" }
        return String(decoding: answer.body, as: UTF8.self)
    }

    /// The name on the top card of the deck, if home shows one.
    private func topCard(_ session: String, _ port: UInt16) async -> String? {
        let stack = await view(session, port)["stack"] as? [[String: Any]] ?? []
        let elements = stack.last?["elements"] as? [[String: Any]] ?? []
        for element in elements {
            if let card = element["card"] as? [String: Any], let name = card["name"] as? String {
                return name
            }
        }
        return nil
    }
}
