import Flows
import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import TestSupport
import Testing

/// Sessions and login on a live Synapse through the flows, and answers no server should give.
@MainActor
@Suite struct MatrixSessionTests {
    @Test(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
    func tooManyWrongPasswords_showTheServersRateLimit_withACountdown() throws {
        let pair = try MatrixPair()
        let app = pair.alice
        app.launch()
        try app.tap("Log in")
        try app.type("alice", into: "Username or email")
        try app.type("not the password", into: "Password")
        for _ in 1...6 { try app.tap("Log in") }
        #expect(app.shows("Too many attempts. Try again in 0:"))
        let reasons = app.transcript.events.filter { $0.name == "login_failed" }.compactMap {
            $0.properties["reason"]
        }
        #expect(reasons == Array(repeating: "wrong_credentials", count: 5) + ["rate_limited"])
    }

    @Test(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
    func aStoredSession_isCheckedWithWhoami_andRestoredOnRelaunch_untilLogout() throws {
        let pair = try MatrixPair()
        let app = pair.alice
        try app.signIn("alice")
        #expect(app.shows("Signed in as Alice (@alice)"))
        app.relaunch()
        #expect(app.wait { app.transcript.events.contains { $0.name == "session_restored" } })
        #expect(app.shows("Signed in as Alice (@alice)"))
        try app.tap("Log out")
        try app.tap("Log out")
        #expect(app.wait { app.screen?.id == .welcome })
        app.relaunch()
        #expect(app.wait { app.screen?.id == .welcome })
    }

    @Test func aMalformedAnswer_isATypedError_shownOnTheScreen_neverACrash() throws {
        // A "homeserver" whose every answer is JSON of the wrong shape.
        let server = try #require(CannedHTTPServer(body: #"{"user_id": 42, "access_token": ["no"]}"#))
        let directory = TemporaryDirectory()
        let backend = MatrixBackend(
            configuration: MatrixConfiguration(homeserver: server.url), storageDirectory: directory.url)
        let app = MatrixApp(backend: backend)
        try app.signIn("alice")
        #expect(
            app.wait {
                app.frontEnd.visibleTexts.contains { $0.contains("Unexpected response from the server") }
            })
        #expect(app.screen?.id == .signIn)
        let failure = backend.await { backend.makeServices().auth.validate(accessToken: "x", completion: $0) }
        #expect(failure.failure == .malformedResponse("whoami: no string user_id"))
    }

    @Test func garbageInsteadOfJSON_isAMalformedResponse() throws {
        let server = try #require(CannedHTTPServer(body: "<html>not a homeserver</html>"))
        let directory = TemporaryDirectory()
        let backend = MatrixBackend(
            configuration: MatrixConfiguration(homeserver: server.url), storageDirectory: directory.url)
        let answer = backend.await {
            backend.makeServices().chat.fetchConversations(accessToken: "x", completion: $0)
        }
        guard case .failure(.malformedResponse) = answer else {
            Issue.record("answered \(answer)")
            return
        }
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error } else { return nil }
    }
}
