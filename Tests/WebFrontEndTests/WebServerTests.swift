import EmbeddedBackend
import Foundation
import Testing
import WebFrontEnd

/// `discover serve`'s server on a real socket at 127.0.0.1, port 0: its limits, its routes, a
/// browser session signing in, the event stream. Every wait is bounded and on a condition.
@Suite struct WebServerTests {
    let web = WebHarness()

    @Test func malformedRequests_are400_asJSON() async throws {
        let server = try await web.startServer()
        let port = await server.port
        for bytes in ["GARBAGE\r\n\r\n", "GET / HTTP/9\r\n\r\n", "GET / HTTP/1.1\r\nNo colon here\r\n\r\n"] {
            let answer = try #require(await TestHTTPClient.raw(port: port, Array(bytes.utf8)))
            #expect(answer.status == 400)
            #expect((answer.json["error"] as? String)?.hasPrefix("bad request") == true)
        }
        let noHost = try #require(await TestHTTPClient.raw(port: port, Array("GET / HTTP/1.1\r\n\r\n".utf8)))
        #expect(noHost.status == 400)
        await server.stop()
    }

    @Test func aHead_isAnsweredAsAGet_withoutTheBody() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let get = try #require(await TestHTTPClient.request(port: port, "GET", "/"))
        let head = try #require(await TestHTTPClient.request(port: port, "HEAD", "/"))
        #expect(get.status == 200 && head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(head.headers["content-type"] == get.headers["content-type"])
        let style = try #require(await TestHTTPClient.request(port: port, "HEAD", "/app.css"))
        #expect(style.status == 200 && style.body.isEmpty)
        // The event stream is GET only; an answer to a HEAD never has a body.
        let events = try #require(await TestHTTPClient.request(port: port, "HEAD", "/api/sessions/x/events"))
        #expect(events.status == 405 && events.body.isEmpty)
        #expect(events.headers["allow"] == "GET")
        await server.stop()
    }

    @Test func linesEndingInABareLF_are400_atOnce_notATimeout() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let started = ContinuousClock.now
        // The request never ends in CRLF CRLF: the server says why as soon as it sees the bare LF.
        let answer = try #require(
            await TestHTTPClient.raw(port: port, Array("GET / HTTP/1.1\nHost: 127.0.0.1\n\n".utf8)))
        #expect(answer.status == 400)
        #expect((answer.json["error"] as? String)?.contains("LF without CR") == true)
        #expect(ContinuousClock.now - started < .seconds(5))
        await server.stop()
    }

    @Test func oversizedHeaders_are431_andAnOversizedBodyIs413() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let headers =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "x", count: 17_000)
            + "\r\n\r\n"
        #expect(await TestHTTPClient.raw(port: port, Array(headers.utf8))?.status == 431)
        let body = "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 70000\r\n\r\n"
        #expect(
            await TestHTTPClient.raw(port: port, Array(body.utf8) + [UInt8](repeating: 65, count: 70_000))?
                .status
                == 413)
        let chunked =
            "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        #expect(await TestHTTPClient.raw(port: port, Array(chunked.utf8))?.status == 411)
        await server.stop()
    }

    @Test func unknownPathsSessionsAndWrongMethods_are404And405() async throws {
        let server = try await web.startServer()
        let port = await server.port
        #expect(await TestHTTPClient.request(port: port, "GET", "/nothing")?.status == 404)
        #expect(await TestHTTPClient.request(port: port, "GET", "/api/sessions/no-such/view")?.status == 404)
        #expect(await web.post(port, "no-such", #"{"type":"tap","action":"logIn"}"#)?.status == 404)
        #expect(await TestHTTPClient.request(port: port, "DELETE", "/api/sessions/no-such")?.status == 404)
        #expect(
            await TestHTTPClient.request(port: port, "GET", "/api/sessions/no-such/events")?.status == 404)
        let wrong = try #require(await TestHTTPClient.request(port: port, "GET", "/api/sessions"))
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "POST")
        #expect(await TestHTTPClient.request(port: port, "POST", "/")?.status == 405)
        #expect(
            await TestHTTPClient.request(port: port, "PUT", "/api/sessions/x/intents", body: "{}")?.status
                == 405)
        await server.stop()
    }

    @Test func requestsNamingAnotherHostOrFromAnotherSite_areRefused() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let rebound = "GET / HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n"
        #expect(await TestHTTPClient.raw(port: port, Array(rebound.utf8))?.status == 403)
        let crossSite = await TestHTTPClient.request(
            port: port, "POST", "/api/sessions", headers: ["Origin": "http://evil.example"])
        #expect(crossSite?.status == 403)
        let sameSite = await TestHTTPClient.request(
            port: port, "POST", "/api/sessions", headers: ["Origin": "http://127.0.0.1:\(port)"])
        #expect(sameSite?.status == 201)
        await server.stop()
    }

    @Test func garbageBytes_neverStopTheServer_andTheNextRequestIsAnswered() async throws {
        let server = try await web.startServer()
        let port = await server.port
        var random = SeededGenerator(seed: 27)
        for round in 0..<40 {
            let bytes = (0..<Int.random(in: 1...3_000, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            guard let client = TestHTTPClient(port: port) else {
                Issue.record("the server stopped taking connections at round \(round)")
                break
            }
            client.send(bytes)
            // Half the clients end the request and read the answer; half leave without reading it.
            if round.isMultiple(of: 2) {
                client.finishSending()
                let answer = TestHTTPClient.answer(await client.receiveAll())
                #expect(
                    answer.map { (400...431).contains($0.status) } == true,
                    "round \(round): \(String(describing: answer))")
            }
        }
        let page = try #require(await TestHTTPClient.request(port: port, "GET", "/"))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(await TestHTTPClient.request(port: port, "GET", "/app.js")?.status == 200)
        #expect(
            await TestHTTPClient.request(port: port, "GET", "/app.css")?.headers["content-type"]
                == "text/css; charset=utf-8")
        await server.stop()
    }

    @Test func aRequestThatDoesNotArriveInTime_is408() async throws {
        let server = try await web.startServer(readTimeout: .milliseconds(300))
        let port = await server.port
        let client = try #require(TestHTTPClient(port: port))
        client.send(Array("GET / HTTP/1.1\r\nHost: 127.".utf8))
        #expect(TestHTTPClient.answer(await client.receiveAll())?.status == 408)
        await server.stop()
    }

    @Test func aSession_signsInAsADemoUser_byPostedIntents_andReachesHome() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let session = try await web.createSession(port)
        #expect(
            await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.json["version"]
                as? Int == 1)
        let signIn = try #require(await web.post(port, session, #"{"type":"tap","action":"logIn"}"#))
        #expect(signIn.status == 200)
        #expect(web.topScreen(signIn.json) == "signIn")
        #expect(
            await web.post(port, session, #"{"type":"edit","field":"username","value":"alice"}"#)?.status
                == 200)
        #expect(
            await web.post(port, session, #"{"type":"edit","field":"password","value":"wonderland"}"#)?.status
                == 200)
        #expect(await web.post(port, session, #"{"type":"tap","action":"submit"}"#)?.status == 200)
        let home = await web.eventually {
            let view =
                await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.json ?? [:]
            return web.topScreen(view) == "home"
        }
        #expect(home)
        await server.stop()
    }

    @Test func intentsThatDoNotFit_are400Or409_andChangeNothing() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let session = try await web.createSession(port)
        let notJSON = try #require(await web.post(port, session, "{tap"))
        #expect(notJSON.status == 400)
        #expect(await web.post(port, session, #"{"type":"swipe"}"#)?.status == 400)
        let hidden = try #require(await web.post(port, session, #"{"type":"tap","action":"deck:like"}"#))
        #expect(hidden.status == 409)
        #expect(hidden.json["error"] as? String == "no action 'deck:like' is shown")
        let view =
            await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.json ?? [:]
        #expect(web.topScreen(view) == "welcome")
        await server.stop()
    }

    @Test func theEventStream_sendsTheViewAtOnce_thenEachChange() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let session = try await web.createSession(port)
        let client = try #require(TestHTTPClient(port: port))
        client.send(Array("GET /api/sessions/\(session)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let first = await client.receive(until: "event: view\n", count: 1)
        #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(first.contains("Content-Type: text/event-stream\r\n"))
        #expect(first.contains("\"welcome\""))
        #expect(await server.sessions[session]?.streamCount == 1)
        #expect(await server.sessions[session]?.idleSince == nil)
        #expect(await web.post(port, session, #"{"type":"tap","action":"logIn"}"#)?.status == 200)
        let second = await client.receive(until: "\n\n", count: 1)
        #expect(second.hasPrefix("event: view\ndata: {"))
        #expect(second.contains("\"signIn\""))
        // Deleting the session ends its stream.
        #expect(await TestHTTPClient.request(port: port, "DELETE", "/api/sessions/\(session)")?.status == 204)
        #expect(await client.receiveAll().isEmpty)
        #expect(
            await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.status == 404)
        await server.stop()
    }

    @Test func knobs_are404WithoutTheFlag() async throws {
        let server = try await web.startServer()
        let port = await server.port
        let session = try await web.createSession(port)
        let knob = #"{"knob":"like","from":"bob"}"#
        #expect(
            await TestHTTPClient.request(port: port, "POST", "/api/sessions/\(session)/knobs", body: knob)?
                .status
                == 404)
        await server.stop()
    }

    @Test func knobs_actForAnotherPersonTowardsTheSignedInUser_likeFirst_theRestOnceMatched() async throws {
        let server = try await web.startServer(testKnobs: true)
        let port = await server.port
        let session = try await web.createSession(port)
        func knob(_ body: String, in session: String = session) async -> TestHTTPClient.Answer? {
            await TestHTTPClient.request(port: port, "POST", "/api/sessions/\(session)/knobs", body: body)
        }
        #expect(await knob(#"{"knob":"like","from":"bob"}"#, in: "nobody")?.status == 404)
        #expect(await knob("{}")?.status == 400)
        #expect(await knob(#"{"knob":"dance","by":"bob"}"#)?.status == 400)
        #expect(
            await knob(#"{"knob":"like","from":"bob"}"#)?.json["error"] as? String == "nobody is signed in")
        for intent in [
            #"{"type":"tap","action":"logIn"}"#, #"{"type":"edit","field":"username","value":"alice"}"#,
            #"{"type":"edit","field":"password","value":"wonderland"}"#, #"{"type":"tap","action":"submit"}"#,
        ] {
            #expect(await web.post(port, session, intent)?.status == 200)
        }
        let view = { () async -> [String: Any] in
            await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.json ?? [:]
        }
        #expect(await web.eventually { web.topScreen(await view()) == "home" })
        #expect(
            await knob(#"{"knob":"like","from":"nobody"}"#)?.json["error"] as? String
                == "no such person 'nobody'")
        // Carol is the first card of Alice's deck.
        let early = try #require(await knob(#"{"knob":"message","from":"carol","text":"Hi"}"#))
        #expect(early.status == 409)
        #expect(early.json["error"] as? String == "carol has no match with the signed-in user")
        #expect(await knob(#"{"knob":"like","from":"carol"}"#)?.status == 204)
        #expect(await web.post(port, session, #"{"type":"tap","action":"deck:like"}"#)?.status == 200)
        #expect(await web.eventually { web.topScreen(await view()) == "match" })
        #expect(await knob(#"{"knob":"message","from":"carol","text":"Hi Alice"}"#)?.status == 204)
        #expect(await knob(#"{"knob":"typing","by":"carol"}"#)?.status == 204)
        #expect(await knob(#"{"knob":"read","by":"carol"}"#)?.status == 204)
        await server.stop()
    }

    @Test func aMatrixSession_startsOnTheWelcomeScreen_andRefusesKnobs() async throws {
        // Nothing reaches the homeserver before a sign-in, so an address with no server will do.
        let options = ServeOptions(
            port: 0, backend: .matrix(homeserver: try #require(URL(string: "http://127.0.0.1:1"))),
            testKnobs: true)
        let server = try await MainActor.run { try WebServer(options: options) }
        await server.start()
        let port = await server.port
        let session = try await web.createSession(port)
        let view =
            await TestHTTPClient.request(port: port, "GET", "/api/sessions/\(session)/view")?.json ?? [:]
        #expect(web.topScreen(view) == "welcome")
        let knob = await TestHTTPClient.request(
            port: port, "POST", "/api/sessions/\(session)/knobs", body: #"{"knob":"read","by":"bob"}"#)
        #expect(knob?.status == 409)
        #expect(knob?.json["error"] as? String == "knobs act on the embedded backend only")
        await server.stop()
    }

    @Test func onlyTheLoopbackAddressIsServed() {
        #expect(throws: HTTPServerError.notLoopback("0.0.0.0")) {
            try HTTPServer(host: "0.0.0.0", port: 0) { _ in .response(HTTPResponse(status: .noContent)) }
        }
    }
}
