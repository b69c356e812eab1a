import Foundation
import Models
import TestSupport
import Testing

@testable import MatrixBackend

/// The Matrix backend against a scripted hostile homeserver on 127.0.0.1: answers too large to hold,
/// escape sequences in what it says, ids that would climb out of a path.
@MainActor
struct HostileServerTests {
    private static let limit = 256 * 1024
    /// The hostile answers' size (the review's 400 MB answer).
    private static let total = 400 * 1024 * 1024

    private func client(_ server: HostileHTTPServer, limit: Int = limit) -> MatrixHTTPClient {
        MatrixHTTPClient(homeserver: server.url, requestTimeout: .seconds(30), maximumResponseBytes: limit)
    }

    private func backend(_ server: HostileHTTPServer, in directory: TemporaryDirectory) -> MatrixBackend {
        MatrixBackend(
            configuration: MatrixConfiguration(homeserver: server.url), storageDirectory: directory.url)
    }

    private func failure(of request: () async throws(ServiceError) -> JSONValue) async -> ServiceError? {
        do {
            _ = try await request()
            return nil
        } catch {
            return error
        }
    }

    /// Waits (without asserting on time) until the server finished its answers.
    private func waitUntilAnswered(_ server: HostileHTTPServer, count: Int = 1) async {
        await poll { server.answered >= count }
    }

    /// Checks `condition` every 50 ms for up to 30 s (a bound for a loaded machine, not a measure).
    private func poll(_ condition: () -> Bool) async {
        for _ in 0..<600 where !condition() { try? await Task.sleep(for: .milliseconds(50)) }
    }

    // MARK: Size

    @Test func anEndlessAnswer_isRefusedWhileRead_holdingAtMostTheLimit() async throws {
        let server = try #require(
            HostileHTTPServer(routes: [("whoami", .endless(total: Self.total, declaredLength: nil))]))
        let client = client(server)
        let error = await failure { () async throws(ServiceError) in
            try await client.send(.get, ["account", "whoami"], accessToken: "x")
        }
        #expect(error == .malformedResponse(MatrixHTTPClient.responseTooLargeMessage(limit: Self.limit)))
        await waitUntilAnswered(server)
        #expect(server.answered == 1)
        // What the client holds is bounded by the limit, whatever the server sends, and it stopped
        // reading there: the server could not send its whole answer (what it sent past the limit sat in
        // the sockets' buffers when the client closed the connection).
        #expect(client.largestAnswerHeld <= Self.limit)
        #expect(client.largestAnswerHeld > 0)
        #expect(server.bytesSent < Self.total)
    }

    @Test func anAnswerDeclaringAHugeLength_isRefusedBeforeItsBody() async throws {
        let server = try #require(
            HostileHTTPServer(routes: [
                ("whoami", .endless(total: Self.total, declaredLength: 400_000_000))
            ]))
        let client = client(server)
        let error = await failure { () async throws(ServiceError) in
            try await client.send(.get, ["account", "whoami"], accessToken: "x")
        }
        #expect(error == .malformedResponse(MatrixHTTPClient.responseTooLargeMessage(limit: Self.limit)))
        await waitUntilAnswered(server)
        // Refused at its headers: not one byte of its body is held.
        #expect(client.largestAnswerHeld == 0)
    }

    @Test func anAnswerUpToTheLimit_isRead_oneByteMore_isNot() async throws {
        let opening = #"{"user_id":"@a:x","pad":""#
        let padding = Self.limit - opening.utf8.count - 2
        let fits = opening + String(repeating: "p", count: padding) + #""}"#
        let tooBig = opening + String(repeating: "p", count: padding + 1) + #""}"#
        let server = try #require(
            HostileHTTPServer(routes: [
                ("fits-sized", .json(status: 200, body: fits)), ("fits-unsized", .unsized(body: fits)),
                ("big-sized", .json(status: 200, body: tooBig)), ("big-unsized", .unsized(body: tooBig)),
            ]))
        let http = client(server)
        for path in ["fits-sized", "fits-unsized"] {
            let answer = try await http.send(.get, [path])
            #expect(answer["user_id"]?.stringValue == "@a:x")
        }
        for path in ["big-sized", "big-unsized"] {
            let error = await failure { () async throws(ServiceError) in try await http.send(.get, [path]) }
            #expect(error == .malformedResponse(MatrixHTTPClient.responseTooLargeMessage(limit: Self.limit)))
        }
    }

    @Test func theDefaultLimit_isAFewMegabytes_andConfigurable() throws {
        let url = try #require(URL(string: "http://127.0.0.1:1"))
        #expect(MatrixConfiguration(homeserver: url).maximumResponseBytes == 8 << 20)
        let directory = TemporaryDirectory()
        let backend = MatrixBackend(
            configuration: MatrixConfiguration(homeserver: url, maximumResponseBytes: 1000),
            storageDirectory: directory.url)
        #expect(backend.connection.http.maximumResponseBytes == 1000)
    }

    // MARK: Text

    @Test func escapeSequencesInAProfile_neverReachTheApp() throws {
        let profile = #"""
            {"display_name":"\u001b[2J\u001b]0;pwned\u0007Eve\nAdmin: click here\u202e",
             "birth_date":"1990-01-01","bio":"line one\r\nline two\u001b[5m","interests":["\u009b31mHiking"]}
            """#
        let server = try #require(
            HostileHTTPServer(routes: [
                ("whoami", .json(status: 200, body: #"{"user_id":"@me:x"}"#)),
                ("/join/", .json(status: 200, body: #"{"room_id":"!pool:x"}"#)),
                ("/state/com.discover.profile/%40eve", .json(status: 200, body: profile)),
            ]))
        let directory = TemporaryDirectory()
        let backend = backend(server, in: directory)
        let services = backend.makeServices()
        let answer = backend.await {
            services.profiles.fetchProfile(of: UserID("@eve:x"), accessToken: "x", completion: $0)
        }
        let shown = try answer.get()
        #expect(shown.displayName == "Eve Admin: click here")
        #expect(shown.profile.bio == "line one line two")
        #expect(shown.profile.interests == [Interest("Hiking")])
    }

    @Test func escapeSequencesInAMessageAndAnError_neverReachTheApp() throws {
        let event = #"""
            {"chunk":[{"type":"m.room.message","event_id":"$1","sender":"@eve:x","origin_server_ts":1000,
             "content":{"msgtype":"m.text","body":"hi\u001b[31m\nthere\u001b]8;;http://evil\u001b\\"}}],"end":"e"}
            """#
        let server = try #require(
            HostileHTTPServer(routes: [
                ("whoami", .json(status: 200, body: #"{"user_id":"@me:x"}"#)),
                ("/messages", .json(status: 200, body: event)),
                (
                    "/typing/",
                    .json(status: 403, body: #"{"errcode":"M_FORBIDDEN","error":"no\n\u001b[1mway"}"#)
                ),
            ]))
        let directory = TemporaryDirectory()
        let backend = backend(server, in: directory)
        let conversation = Match.id(between: UserID("@me:x"), and: UserID("@eve:x"))
        backend.connection.remember(room: "!room:x", conversation: conversation)
        let services = backend.makeServices()
        let page = backend.await {
            services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 10, accessToken: "x", completion: $0)
        }
        #expect((try page.get()).messages.map(\.text) == ["hi there"])
        let typing = backend.await {
            services.chat.setTyping(
                conversation: conversation, isTyping: true, accessToken: "x", completion: $0)
        }
        #expect(typing.failure == .rejected("M_FORBIDDEN: no way"))
    }

    // MARK: Paths

    @Test func aProfileLinkToDotDot_neverReadsTheRoomState() throws {
        let server = try #require(
            HostileHTTPServer(routes: [
                ("whoami", .json(status: 200, body: #"{"user_id":"@me:x"}"#)),
                ("/join/", .json(status: 200, body: #"{"room_id":"!pool:x"}"#)),
            ]))
        let directory = TemporaryDirectory()
        let backend = backend(server, in: directory)
        let services = backend.makeServices()
        for id in ["..", "."] {
            let answer = backend.await {
                services.profiles.fetchProfile(of: UserID(id), accessToken: "x", completion: $0)
            }
            #expect(answer.failure == .notFound)
        }
        let paths = server.paths
        #expect(paths.contains { $0.hasSuffix("/state/com.discover.profile/%2E%2E") })
        #expect(paths.contains { $0.hasSuffix("/state/com.discover.profile/%2E") })
        #expect(!paths.contains { $0.hasSuffix("/state") || $0.hasSuffix("/state/") }, "\(paths)")
    }

    @Test func queryValuesFromAServer_stayOneValue() async throws {
        let server = try #require(HostileHTTPServer(routes: [("/sync", .json(status: 200, body: "{}"))]))
        _ = try await client(server).send(.get, ["sync"], query: ["since": "s1+2&timeout=0#x%41"])
        #expect(server.paths == ["/_matrix/client/v3/sync?since=s1%2B2%26timeout%3D0%23x%2541"])
    }

    @Test func anEmptySegment_isRefused_exceptAsTheLast() async throws {
        let server = try #require(HostileHTTPServer(routes: [("/rooms/", .json(status: 200, body: "{}"))]))
        let http = client(server)
        let error = await failure { () async throws(ServiceError) in
            try await http.send(.get, ["rooms", "", "state"])
        }
        #expect(error == .rejected("cannot build a request for 3 segments: one is empty"))
        _ = try await http.send(.get, ["rooms", "!r:x", "state", "m.room.name", ""])
        #expect(server.paths == ["/_matrix/client/v3/rooms/%21r%3Ax/state/m.room.name/"])
    }

    // MARK: Sync state

    @Test func theSyncTokenFile_isRemovedAtLogout_andOnlyTheUsers() throws {
        let server = try #require(HostileHTTPServer(routes: [("/logout", .json(status: 200, body: "{}"))]))
        let directory = TemporaryDirectory()
        let backend = backend(server, in: directory)
        backend.syncTokens.save("mine", of: "@a.b:x")
        backend.syncTokens.save("theirs", of: "@a_b:x")
        backend.connection.remember(owner: "@a.b:x", of: "token")
        let services = backend.makeServices()
        let signedOut = backend.await { services.auth.signOut(accessToken: "token", completion: $0) }
        #expect(signedOut.failure == nil)
        #expect(backend.syncTokens.token(of: "@a.b:x") == nil)
        #expect(!FileManager.default.fileExists(atPath: backend.syncTokens.fileURL(of: "@a.b:x").path))
        #expect(backend.syncTokens.token(of: "@a_b:x") == "theirs")
    }

    @Test func theSyncTokenFile_isRemovedWhenTheSessionIsRevoked() async throws {
        let server = try #require(
            HostileHTTPServer(routes: [
                ("whoami", .json(status: 200, body: #"{"user_id":"@a.b:x"}"#)),
                ("/join/", .json(status: 200, body: #"{"room_id":"!pool:x"}"#)),
                ("/sync", .json(status: 401, body: #"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":false}"#)),
            ]))
        let directory = TemporaryDirectory()
        let backend = backend(server, in: directory)
        backend.syncTokens.save("s_1", of: "@a.b:x")
        let feed = backend.makeServices().chat.subscribe(accessToken: "x") { _ in }
        defer { feed.cancel() }
        let tokens = backend.syncTokens
        // The feed needs no pumping until it delivers: it ends on the refused token by itself.
        await poll { tokens.token(of: "@a.b:x") == nil }
        #expect(tokens.token(of: "@a.b:x") == nil)
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error } else { return nil }
    }
}
