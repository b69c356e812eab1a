import EmbeddedBackend
import Testing
import WebFrontEnd

/// The request parser alone: what it accepts, each limit and each kind of malformed input.
@Suite struct HTTPRequestParserTests {
    func parse(_ text: String) -> HTTPRequestParser.Outcome { HTTPRequestParser.parse(Array(text.utf8)) }

    func failure(_ text: String) -> HTTPRequestError? {
        if case .failure(let error) = parse(text) { return error }
        return nil
    }

    @Test func aGetWithHeaders_isReadWhole_withPathQueryAndHeaders() throws {
        let text = "GET /api/sessions/abc/view?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  */* \r\n\r\n"
        guard case .request(let request, let length) = parse(text) else {
            Issue.record("not a request: \(parse(text))")
            return
        }
        #expect(length == text.utf8.count)
        #expect(request.method == "GET")
        #expect(request.path == "/api/sessions/abc/view")
        #expect(request.query == "x=1")
        #expect(request.header("host") == "127.0.0.1:8080")
        #expect(request.header("ACCEPT") == "*/*")
        #expect(request.body.isEmpty)
    }

    @Test func aPostBody_isExactlyContentLengthBytes_andWaitsForAllOfThem() {
        let head = "POST /api/sessions/a/intents HTTP/1.1\r\nContent-Length: 5\r\n\r\n"
        #expect(parse(head + "abc") == .needsMore)
        guard case .request(let request, let length) = parse(head + "abcdeEXTRA") else {
            Issue.record("not a request")
            return
        }
        #expect(request.body == Array("abcde".utf8))
        #expect(length == head.utf8.count + 5)
    }

    @Test func anUnfinishedHead_needsMore() {
        #expect(parse("") == .needsMore)
        #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .needsMore)
        #expect(parse("GET / HTTP/1.1\r") == .needsMore, "its LF may still come")
    }

    @Test func aBareLineBreak_is400_beforeTheHeadCouldEnd() {
        #expect(failure("GET / HTTP/1.1\nHost: x\n\n") == .malformed("a LF without CR"))
        #expect(failure("GET / HTTP/1.1\n") == .malformed("a LF without CR"))
        #expect(failure("GET / HTTP/1.1\rHost") == .malformed("a CR without LF"))
    }

    @Test func headersOver16KiB_are431_evenBeforeTheyEnd() {
        let long = "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 16_400)
        #expect(failure(long) == .headersTooLarge)
        #expect(failure(long + "\r\n\r\n") == .headersTooLarge)
        let many = "GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n"
        #expect(failure(many) == .headersTooLarge)
    }

    @Test func aHeadOfExactly16KiB_isAccepted() {
        let start = "GET / HTTP/1.1\r\nX-Fill: "
        let fill = String(repeating: "a", count: HTTPRequestParser.maximumHeadLength - start.utf8.count - 4)
        guard case .request = parse(start + fill + "\r\n\r\n") else {
            Issue.record("a head at the limit was refused")
            return
        }
    }

    @Test func aBodyOver64KiB_is413_fromTheHeaderAlone() {
        #expect(failure("POST /api/sessions HTTP/1.1\r\nContent-Length: 65537\r\n\r\n") == .bodyTooLarge)
        #expect(failure("POST / HTTP/1.1\r\nContent-Length: 99999999999999999\r\n\r\n") == .bodyTooLarge)
        #expect(parse("POST / HTTP/1.1\r\nContent-Length: 65536\r\n\r\n") == .needsMore)
    }

    @Test func chunkedOrAnyTransferEncoding_is411() {
        #expect(
            failure("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
                == .lengthRequired)
        #expect(failure("POST / HTTP/1.1\r\ntransfer-encoding: gzip\r\n\r\n") == .lengthRequired)
    }

    @Test(arguments: [
        "\r\n\r\n",
        "GET\r\n\r\n",
        "GET /\r\n\r\n",
        "GET / HTTP/1.1 extra\r\n\r\n",
        "GET  / HTTP/1.1\r\n\r\n",
        "GET / HTTP/2.0\r\n\r\n",
        "GET / http/1.1\r\n\r\n",
        "GET http://example.com/ HTTP/1.1\r\n\r\n",
        "GET *  HTTP/1.1\r\n\r\n",
        "G(T / HTTP/1.1\r\n\r\n",
        "GET /a\u{7F}b HTTP/1.1\r\n\r\n",
        "GET /é HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\rY\r\n\r\n",
        "GET / HTTP/1.1\r\nHost x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\n: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: \r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
    ])
    func malformedInput_is400(_ text: String) {
        guard case .malformed = failure(text) else {
            Issue.record("\(text.debugDescription) gave \(parse(text)), not 400")
            return
        }
    }

    @Test func repeatedEqualContentLengths_areOneLength_andHTTP10IsRead() {
        guard
            case .request(let request, _) = parse(
                "POST / HTTP/1.0\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nok")
        else {
            Issue.record("not a request")
            return
        }
        #expect(request.version == "HTTP/1.0")
        #expect(request.body == Array("ok".utf8))
    }

    @Test func randomAndMutatedBytes_neverTrap_andAlwaysGiveAnOutcomeWithinTheLimits() {
        var random = SeededGenerator(seed: 21)
        let valid = Array(
            "POST /api/sessions/x/intents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\n{\"a\"".utf8
        )
        let alphabet: [UInt8] = Array("\r\n :/?GETPOST0123456789-HTTP/1.1\u{0}\u{7F}".utf8) + [0xFF, 0xC3]
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 3) {
                bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: index)
                    }
                    if bytes.isEmpty { bytes = [0] }
                }
            }
            switch HTTPRequestParser.parse(bytes) {
            case .request(let request, let length):
                #expect(length <= bytes.count)
                #expect(request.body.count <= HTTPRequestParser.maximumBodyLength)
                #expect(request.path.hasPrefix("/"))
            case .needsMore, .failure:
                break
            }
        }
    }
}
