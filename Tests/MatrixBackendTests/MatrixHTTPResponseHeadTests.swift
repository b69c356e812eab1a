import Testing

@testable import MatrixBackend

/// How an answer's head frames its body and whether its connection may carry another request.
struct MatrixHTTPResponseHeadTests {
    private func head(_ text: String) -> MatrixHTTPResponseHead? {
        try? MatrixHTTPResponseHead.parse(Array(text.utf8)).get()
    }

    @Test func theFraming_followsTheHeaders() {
        #expect(
            head("HTTP/1.1 200 OK\r\nContent-Length: 12")
                == .init(status: 200, framing: .length(12), keepsConnection: true))
        #expect(
            head("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked")
                == .init(status: 200, framing: .chunked, keepsConnection: true))
        #expect(head("HTTP/1.1 200 OK") == .init(status: 200, framing: .untilClose, keepsConnection: false))
        #expect(head("HTTP/1.1 204 No Content") == .init(status: 204, framing: .none, keepsConnection: true))
        #expect(head("HTTP/1.1 100 Continue") == .init(status: 100, framing: .none, keepsConnection: true))
    }

    @Test func chunkedWinsOverALength_andTheConnectionEndsAfter() {
        #expect(
            head("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked")
                == .init(status: 200, framing: .chunked, keepsConnection: false))
        #expect(
            head("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip")
                == .init(status: 200, framing: .untilClose, keepsConnection: false))
    }

    @Test func aConnection_isKeptOnlyByHTTP11WithoutClose() {
        #expect(
            head("HTTP/1.1 200 OK\r\nconnection: Keep-Alive, CLOSE\r\nContent-Length: 0")?.keepsConnection
                == false)
        #expect(head("HTTP/1.0 200 OK\r\nContent-Length: 0")?.keepsConnection == false)
        #expect(head("HTTP/1.1 200 OK\r\nContent-Length: 2, 2")?.framing == .length(2))
    }

    @Test func whatIsNotAHead_isRefused() {
        for text in [
            "", "HTTP/2 200 OK", "HTTP/1.1 20 OK", "HTTP/1.1 600 Odd", "HTTP/1.1 2x0 OK",
            "HTTP/1.1 200 OK\r\nno colon", "HTTP/1.1 200 OK\r\n: no name",
            "HTTP/1.1 200 OK\r\nContent-Length: -1",
            "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2",
        ] {
            #expect(head(text) == nil, "\(text)")
        }
    }
}
