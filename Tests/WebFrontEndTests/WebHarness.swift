import EmbeddedBackend
import Foundation
import Testing
import WebFrontEnd

/// What the web front end's tests do to `discover serve`'s server on a real socket at 127.0.0.1, port
/// 0: start it, make sessions, post intents, read the view, and wait on a condition (bounded).
struct WebHarness {
    @MainActor
    func startServer(testKnobs: Bool = false, readTimeout: Duration = .seconds(10)) throws -> WebServer {
        let server = try WebServer(
            options: ServeOptions(port: 0, testKnobs: testKnobs), readTimeout: readTimeout)
        server.start()
        return server
    }

    /// Polls `condition` every 20 ms for at most `timeout` (long: other suites may hold the main
    /// actor, where the engine runs, for seconds at a time).
    func eventually(_ timeout: Duration = .seconds(120), _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }

    /// The id of the screen on top of a view's JSON (the top modal, else the top of the stack).
    func topScreen(_ view: [String: Any]) -> String? {
        let modals = view["modals"] as? [[String: Any]] ?? []
        let stack = view["stack"] as? [[String: Any]] ?? []
        return (modals.last ?? stack.last)?["id"] as? String
    }

    func createSession(_ port: UInt16) async throws -> String {
        let created = try #require(await TestHTTPClient.request(port: port, "POST", "/api/sessions"))
        #expect(created.status == 201)
        return try #require(created.json["session"] as? String)
    }

    func post(_ port: UInt16, _ session: String, _ intent: String) async -> TestHTTPClient.Answer? {
        await TestHTTPClient.request(port: port, "POST", "/api/sessions/\(session)/intents", body: intent)
    }
}
