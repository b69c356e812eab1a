import Foundation
import Testing
import WebFrontEnd

/// Responses on the wire.
@Suite struct HTTPResponseTests {
    @Test func anErrorResponse_isJSONWithLengthAndClose() throws {
        let text = String(decoding: HTTPResponse.error(.notFound, "no such session").bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(text.contains("Content-Type: application/json\r\n"))
        #expect(text.contains("Connection: close\r\n"))
        #expect(text.hasSuffix("\r\n\r\n{\"error\":\"no such session\"}"))
        #expect(text.contains("Content-Length: \(#"{"error":"no such session"}"#.utf8.count)\r\n"))
    }

    @Test func a405_namesTheAllowedMethods() {
        let text = String(decoding: HTTPResponse.methodNotAllowed(allowing: ["GET"]).bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(text.contains("Allow: GET\r\n"))
    }
}
