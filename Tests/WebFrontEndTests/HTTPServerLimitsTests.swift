import Foundation
import Testing
import WebFrontEnd

/// The HTTP server's limit on connections served at once, on real sockets.
@Suite struct HTTPServerLimitsTests {
    /// A whole request the server answers.
    static let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

    /// Polls `condition` until it holds or `timeout` passes (the server accepts on a thread of its own).
    func eventually(_ timeout: Duration = .seconds(120), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test func pastTheConnectionLimit_aConnectionGets503_andOneFreedIsServedAgain() async throws {
        let server = try HTTPServer(port: 0, readTimeout: .seconds(120)) { _ in
            .response(HTTPResponse(status: .ok))
        }
        server.start()
        defer { server.stop() }
        // Every connection the server may serve, each holding it with a request not finished yet.
        var held: [TestHTTPClient] = []
        for _ in 0..<HTTPServer.maximumConnections {
            let client = try #require(TestHTTPClient(port: server.port))
            client.send(Array("GET / HTTP/1.1\r\n".utf8))
            held.append(client)
        }
        #expect(await eventually { server.openConnections == HTTPServer.maximumConnections })

        let turnedAway = try #require(TestHTTPClient(port: server.port))
        turnedAway.send(Self.request)
        #expect(TestHTTPClient.answer(await turnedAway.receiveAll())?.status == 503)
        #expect(server.openConnections == HTTPServer.maximumConnections)

        // One client leaves: its connection ends, and the next one is served.
        held.removeLast()
        #expect(await eventually { server.openConnections == HTTPServer.maximumConnections - 1 })
        let served = try #require(TestHTTPClient(port: server.port))
        served.send(Self.request)
        #expect(TestHTTPClient.answer(await served.receiveAll())?.status == 200)
    }
}
