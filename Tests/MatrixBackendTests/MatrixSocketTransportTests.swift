import Foundation
import Models
import Testing

@testable import MatrixBackend

/// ``MatrixHTTPClient`` over its own transport (a plain-`http` homeserver on Linux) against a scripted
/// server on 127.0.0.1: requests as written, bodies framed every way, connections kept and dropped, and
/// the ways a server can break an answer.
struct MatrixSocketTransportTests {
    private static let limit = 64 * 1024
    private static let tooLarge = ServiceError.malformedResponse(
        MatrixHTTPClient.responseTooLargeMessage(limit: limit))

    private func client(_ server: HostileHTTPServer, requestTimeout: Duration = .seconds(30))
        -> MatrixHTTPClient
    {
        MatrixHTTPClient(
            homeserver: server.url, requestTimeout: requestTimeout, maximumResponseBytes: Self.limit)
    }

    private func failure(of request: () async throws(ServiceError) -> JSONValue) async -> ServiceError? {
        do {
            _ = try await request()
            return nil
        } catch {
            return error
        }
    }

    /// The error of `GET /<path>` on a server answering `raw` bytes there.
    private func failure(answering raw: String, requestTimeout: Duration = .seconds(30)) async throws
        -> ServiceError?
    {
        let server = try #require(HostileHTTPServer(routes: [("/raw", .raw(raw))]))
        let http = client(server, requestTimeout: requestTimeout)
        return await failure { () async throws(ServiceError) in try await http.send(.get, ["raw"]) }
    }

    // MARK: Requests

    @Test func requests_areWrittenWithTheirMethodHeadersAndBody() async throws {
        let server = try #require(HostileHTTPServer(routes: [("/", .json(status: 200, body: "{}"))]))
        let http = client(server)
        _ = try await http.send(
            .put, ["rooms", "!r:x", "send", "m.room.message", "t1"], body: ["a": 1], accessToken: "tok")
        _ = try await http.send(.post, ["logout"], accessToken: "tok")
        _ = try await http.send(.get, ["sync"], query: ["timeout": "0"])
        let requests = server.requests
        try #require(requests.count == 3)
        let port = try #require(server.url.port)
        #expect(
            requests[0]
                == "PUT /_matrix/client/v3/rooms/%21r%3Ax/send/m.room.message/t1 HTTP/1.1\r\n"
                + "Host: 127.0.0.1:\(port)\r\nAuthorization: Bearer tok\r\nContent-Type: application/json\r\n"
                + "Content-Length: 7\r\n\r\n{\"a\":1}")
        #expect(requests[1].hasPrefix("POST /_matrix/client/v3/logout HTTP/1.1\r\n"))
        #expect(requests[1].hasSuffix("Content-Length: 2\r\n\r\n{}"))
        #expect(
            requests[2] == "GET /_matrix/client/v3/sync?timeout=0 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        )
    }

    @Test func aLineBreakInAnAccessToken_neverWritesAHeaderOfItsOwn() async throws {
        let server = try #require(HostileHTTPServer(routes: [("/", .json(status: 200, body: "{}"))]))
        _ = try await client(server).send(.get, ["account", "whoami"], accessToken: "x\r\nX-Injected: 1")
        // `URLRequest` drops such a value, and the transport would refuse one.
        #expect(server.requests.count == 1)
        #expect(!server.requests.contains { $0.contains("X-Injected") })
    }

    // MARK: Answers

    @Test func errorStatuses_reachTheErrorMapper() async throws {
        let server = try #require(
            HostileHTTPServer(routes: [
                (
                    "/limited",
                    .json(status: 429, body: #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":2500}"#)
                ),
                ("/gone", .json(status: 401, body: #"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":true}"#)),
            ]))
        let http = client(server)
        let limited = await failure { () async throws(ServiceError) in try await http.send(.get, ["limited"])
        }
        #expect(limited == .rateLimited(retryAfterSeconds: 3))
        let gone = await failure { () async throws(ServiceError) in try await http.send(.get, ["gone"]) }
        #expect(gone == .tokenExpired)
        let missing = await failure { () async throws(ServiceError) in try await http.send(.get, ["nothing"])
        }
        #expect(missing == .notFound)
    }

    @Test func aChunkedAnswer_isReadWhole_withItsTrailers() async throws {
        let raw =
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "7;name=value\r\n{\"user_\r\n11\r\nid\":\"@a:x\",\"n\":1}\r\n0\r\nX-Trailer: t\r\n\r\n"
        let server = try #require(HostileHTTPServer(routes: [("/raw", .raw(raw))]))
        let answer = try await client(server).send(.get, ["raw"])
        #expect(answer["user_id"]?.stringValue == "@a:x")
        #expect(answer["n"]?.intValue == 1)
    }

    @Test func anInterimAnswer_isSkipped() async throws {
        let raw = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
        let server = try #require(HostileHTTPServer(routes: [("/raw", .raw(raw))]))
        #expect(try await client(server).send(.get, ["raw"]) == [:])
    }

    @Test func aChunkOverTheLimit_isRefusedAtItsSizeLine() async throws {
        let big = String(Self.limit + 1, radix: 16)
        #expect(
            try await failure(answering: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(big)\r\n")
                == Self.tooLarge)
        let huge = String(repeating: "F", count: 40)
        #expect(
            try await failure(answering: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(huge)\r\n")
                == Self.tooLarge)
    }

    @Test func aDeclaredLengthTooLargeToCount_isRefused() async throws {
        let raw = "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999999\r\n\r\n{}"
        #expect(try await failure(answering: raw) == Self.tooLarge)
    }

    // MARK: Broken answers

    @Test func anAnswerEndingMidBody_isANetworkFailure() async throws {
        #expect(
            try await failure(answering: "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"a\"")
                == .networkUnavailable)
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n{\"a\""
        #expect(try await failure(answering: chunked) == .networkUnavailable)
        #expect(try await failure(answering: "HTTP/1.1 200 OK\r\nContent-Le") == .networkUnavailable)
        #expect(try await failure(answering: "") == .networkUnavailable)
    }

    @Test func headersOverTheirBound_areRefused() async throws {
        let long = "HTTP/1.1 200 OK\r\nX-Long: \(String(repeating: "a", count: 70_000))\r\n\r\n{}"
        let longError = try await failure(answering: long)
        #expect(longError == .malformedResponse("the answer's headers are longer than 65536 bytes"))
        let many =
            "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 201)
            + "Content-Length: 2\r\n\r\n{}"
        #expect(
            try await failure(answering: many)
                == .malformedResponse("the answer has more than 200 header lines"))
    }

    @Test func answersThatAreNotHTTP_areMalformed() async throws {
        #expect(
            try await failure(answering: "SSH-2.0-OpenSSH\r\n\r\n")
                == .malformedResponse("the answer's status line is not HTTP/1.x: SSH-2.0-OpenSSH"))
        #expect(
            try await failure(
                answering: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}")
                == .malformedResponse("the answer's Content-Length is not one number"))
        #expect(
            try await failure(answering: "HTTP/1.1 200 OK\r\n folded: x\r\n\r\n{}")
                == .malformedResponse("the answer has a header line without a name:  folded: x"))
        #expect(
            try await failure(answering: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                == .malformedResponse("the answer has a chunk size that is not a number"))
        #expect(
            try await failure(answering: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nabc\r\n")
                == .malformedResponse("the answer has a chunk longer than its size"))
    }

    @Test func aServerThatStalls_failsAtTheRequestTimeout() async throws {
        let server = try #require(HostileHTTPServer(routes: [("/stall", .stall)]))
        let http = client(server, requestTimeout: .seconds(1))
        let error = await failure { () async throws(ServiceError) in try await http.send(.get, ["stall"]) }
        #expect(error == .networkUnavailable)
    }

    // MARK: Connections

    @Test func aKeptConnection_carriesTheNextRequests() async throws {
        let server = try #require(
            HostileHTTPServer(
                routes: [("/", .json(status: 200, body: #"{"n":1}"#))], keepsConnectionsOpen: true))
        let http = client(server)
        for _ in 0..<5 { _ = try await http.send(.get, ["account", "whoami"]) }
        #expect(server.answered == 5)
        #expect(server.connections == 1)
    }

    @Test func aConnectionTheServerCloses_isNotUsedAgain() async throws {
        // Answered without `Connection: close`, then closed: the client finds it closed before reuse.
        let server = try #require(
            HostileHTTPServer(routes: [("/", .raw("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"))]))
        let http = client(server)
        for _ in 0..<3 { #expect(try await http.send(.get, ["account", "whoami"]) == [:]) }
        #expect(server.connections == 3)
    }

    @Test func aRequestOnAConnectionClosedUnderIt_isSentAgainOnANewOne() async throws {
        let server = try #require(
            HostileHTTPServer(
                routes: [
                    ("/first", .json(status: 200, body: "{}")),
                    ("/second", .onFreshConnectionOnly(body: #"{"n":2}"#)),
                ],
                keepsConnectionsOpen: true))
        let http = client(server)
        _ = try await http.send(.get, ["first"])
        #expect(try await http.send(.post, ["second"])["n"]?.intValue == 2)
        #expect(
            server.paths == [
                "/_matrix/client/v3/first", "/_matrix/client/v3/second", "/_matrix/client/v3/second",
            ])
        #expect(server.connections == 2)
    }

    @Test func requestsAtOnce_eachGetTheirAnswer() async throws {
        let server = try #require(
            HostileHTTPServer(
                routes: [("/", .json(status: 200, body: #"{"ok":true}"#))], keepsConnectionsOpen: true))
        let http = client(server)
        let answers = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    (try? await http.send(.get, ["account", "whoami"]))?["ok"]?.boolValue == true
                }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(answers == 20)
        #expect(server.answered == 20)
    }
}
